import { data, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import {
  type DomainContext,
  Conflict,
  Invalid,
  IDEMPOTENCY_KEY_PATTERN,
  IdempotencyInFlight,
  IdempotencyMismatch,
  runOnce,
  type StoredAnswer,
} from "#domain/core/index.ts";
import { pagePath } from "./page-errors.server.ts";
import { ONCE_FIELD } from "./once-token.tsx";
import { toHex } from "#shared/tokens.ts";
import { m } from "#shared/paraglide/messages.js";

/** What a page is told when its token cannot be used (see once-token.tsx for the whole design). */
export const ONCE_MESSAGES = {
  get badToken() {
    return m.api_once_bad_token();
  },
  get reused() {
    return m.api_once_reused();
  },
  get inFlight() {
    return m.api_once_in_flight();
  },
};

/** How often, and how long apart, a repeat waits for the first post's answer before saying it is still being saved. */
const WAITS = 50;
const WAIT_MS = 200;

/** An action's answer as it is kept for a repeat: a Response (a redirect and its toast cookie), data() with its status, or plain data. */
type Kept =
  | { kind: "response"; status: number; headers: [string, string][]; body: string }
  | { kind: "data"; data: unknown; status: number | null; headers: [string, string][] };

const isDataWithInit = (value: unknown): value is DataWithResponseInit<unknown> =>
  typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";

function headerList(init: HeadersInit | undefined): [string, string][] {
  const headers = new Headers(init);
  const list: [string, string][] = [];
  headers.forEach((value, name) => {
    if (name !== "set-cookie") list.push([name, value]);
  });
  for (const cookie of headers.getSetCookie()) list.push(["set-cookie", cookie]);
  return list;
}

async function toStored(answer: unknown): Promise<StoredAnswer> {
  let kept: Kept;
  if (answer instanceof Response) kept = { kind: "response", status: answer.status, headers: headerList(answer.headers), body: await answer.clone().text() };
  else if (isDataWithInit(answer)) kept = { kind: "data", data: answer.data, status: answer.init?.status ?? null, headers: headerList(answer.init?.headers) };
  else kept = { kind: "data", data: answer, status: null, headers: [] };
  return { status: kept.status ?? 200, body: JSON.stringify(kept), contentType: "application/json" };
}

function replay(stored: StoredAnswer): unknown {
  const kept = JSON.parse(stored.body) as Kept;
  const headers = new Headers();
  for (const [name, value] of kept.headers) headers.append(name, value);
  if (kept.kind === "response") return new Response(kept.body || null, { status: kept.status, headers });
  if (kept.status === null && kept.headers.length === 0) return kept.data;
  return data(kept.data, { ...(kept.status === null ? {} : { status: kept.status }), headers });
}

/** What is asked, to tell a repeat from another request with the same token: the page and every field but the token (files by their bytes). */
async function describe(request: Request, form: FormData): Promise<string> {
  const fields: [string, string][] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === "string") fields.push([name, value]);
    else {
      const digest = await crypto.subtle.digest("SHA-256", await value.arrayBuffer());
      fields.push([name, `file:${value.name}:${value.type}:${value.size}:${toHex(digest)}`]);
    }
  }
  return JSON.stringify(["POST", pagePath(request), fields]);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs a page action's write once per one-time token (app/lib/once-token.tsx): the first post with
 * the form's token runs `write`, and its answer (a redirect with its toast, or data) is kept when it
 * is a success (below 400); a repeat with the same token and fields writes nothing and gets that
 * answer again, also when it arrives while the first is still running (it waits for it). A refusal
 * (a 4xx answer, or a thrown error) frees the token for the corrected form. A form without a token
 * runs `write` as before. A token that is not one, or one already used for other details, is a
 * domain error (400, 409) for the action's own error handling. The token is taken off `form`
 * first, so `write` reads the form's own fields only.
 */
export async function runFormOnce<T>(request: Request, domain: DomainContext, form: FormData, write: () => Promise<T>): Promise<T> {
  const token = form.get(ONCE_FIELD);
  // Taken off the form: the write reads only its own fields (some schemas refuse unknown ones).
  form.delete(ONCE_FIELD);
  if (token === null) return write();
  if (typeof token !== "string" || !IDEMPOTENCY_KEY_PATTERN.test(token)) throw new Invalid(ONCE_MESSAGES.badToken, { [ONCE_FIELD]: ONCE_MESSAGES.badToken });
  const asked = await describe(request, form);
  const own: { ran: boolean; answer?: T } = { ran: false };
  for (let wait = 0; ; wait++) {
    try {
      const { answer, replayed } = await runOnce(
        domain,
        `page:${token}`,
        asked,
        async () => {
          own.answer = await write();
          own.ran = true;
          return toStored(own.answer);
        },
        { keep: (status) => status < 400 },
      );
      // This request's own answer as it was made (a refusal is not kept, so it is never replayed).
      if (!replayed && own.ran) return own.answer as T;
      return replay(answer) as T;
    } catch (error) {
      if (error instanceof IdempotencyMismatch) throw new Conflict(ONCE_MESSAGES.reused);
      if (!(error instanceof IdempotencyInFlight)) throw error;
      if (wait >= WAITS) throw new Conflict(ONCE_MESSAGES.inFlight);
      await sleep(WAIT_MS);
    }
  }
}
