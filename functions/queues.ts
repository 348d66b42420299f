import type { Env } from "./env.ts";
import { consumeMailBatch, failDeadMail, MAIL_DEAD_LETTER_QUEUE_NAME, MAIL_QUEUE_NAME } from "./platform/mail.ts";
import { log } from "./platform/log.ts";
import { consumeJobBatch, JOB_QUEUE_NAME } from "./cron/continuations.ts";
import { findJob } from "./cron/index.ts";

/**
 * The Worker's queue consumers (wrangler.jsonc `queues.consumers`), by queue name: the mail queue
 * delivers outbox rows, its dead-letter queue marks the rows it gave up on FAILED, the jobs queue
 * runs the rest of scheduled jobs that did not fit one invocation (cron/continuations.ts). A batch from a
 * queue this Worker does not know is retried (and logged): the configuration and this table disagree.
 */
export async function consumeQueue(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  switch (batch.queue) {
    case MAIL_QUEUE_NAME:
      return consumeMailBatch(batch, env);
    case MAIL_DEAD_LETTER_QUEUE_NAME:
      await failDeadMail(batch, env);
      return;
    case JOB_QUEUE_NAME:
      await consumeJobBatch(batch, env, findJob);
      return;
    default:
      log.error("a batch from a queue this Worker does not consume", { queue: batch.queue, messages: batch.messages.length });
      batch.retryAll();
  }
}
