import { Fragment } from "react";

/**
 * What the development outboxes (/dev/mailbox, /dev/sms, /dev/whatsapp) share: what each outbox
 * status means (functions/platform/mail.ts), the time in India, and a message's text with its links.
 */
export const outboxStatusMeaning = (sent: string): Record<string, string> => ({
  STORED: "kept here only, not sent",
  QUEUED: "waiting for its first delivery attempt",
  SENDING: "a delivery attempt is in progress",
  RETRYING: "the last attempt failed, it will be retried",
  SENT: sent,
  FAILED: "not delivered, given up",
});

export const when = (ms: number) => new Date(ms).toLocaleString("en-IN", { timeZone: "Asia/Kolkata" });

/** The text with each http(s) address as a link. */
export function Linkified({ text, linkClass }: { text: string; linkClass: string }) {
  const parts = text.split(/(https?:\/\/[^\s]+)/g);
  return (
    <>
      {parts.map((part, i) =>
        /^https?:\/\//.test(part) ? (
          <a key={i} href={part} className={`break-all font-semibold underline ${linkClass}`}>
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}
