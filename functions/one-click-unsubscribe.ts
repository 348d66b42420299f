import { unsubscribeByLink } from "#domain/accounts/index.ts";
import { isGuestReminderToken, stopGuestRemindersByLink } from "#domain/guests/index.ts";
import { UNSUBSCRIBE_PATH } from "#shared/links.ts";
import { isDomainError } from "#domain/core/index.ts";
import { readCappedForm } from "./platform/request-body.ts";
import { PRIVATE_NO_STORE } from "./platform/security.ts";
import { createDomainContext } from "./domain-context.ts";
import type { Env } from "./env.ts";

/** The most bytes of a one-click body read ("List-Unsubscribe=One-Click" is 26). */
const ONE_CLICK_MAX_BYTES = 1_024;

const plain = (text: string, status: number) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PRIVATE_NO_STORE } });

/**
 * RFC 8058 one-click unsubscribe: the mail service (or mail client) POSTs
 * "List-Unsubscribe=One-Click" (urlencoded or multipart) to the List-Unsubscribe link of an
 * optional mail (an account's kind of mail, or a guest's reminders from one couple), with no
 * cookies and often from another site. The signed token in the path is its
 * authority (not a session, and not the same-origin rule), so this answers before the pages' CSRF
 * check: 200 when that kind of mail is now off for that person (also when it already was), 400 for
 * a forged or expired link, 404 when the account is gone, all in plain text and changing nothing
 * else. Any other POST to the link (the confirm page's own button) goes on to the page.
 */
export async function oneClickUnsubscribe(request: Request, env: Env, ctx: ExecutionContext): Promise<Response | null> {
  const url = new URL(request.url);
  if (request.method !== "POST" || !url.pathname.startsWith(`${UNSUBSCRIBE_PATH}/`)) return null;
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded" && type !== "multipart/form-data") return null;
  let form: FormData;
  try {
    form = await readCappedForm(request.clone() as Request, ONE_CLICK_MAX_BYTES);
  } catch {
    return null;
  }
  if (form.get("List-Unsubscribe") !== "One-Click") return null;
  const token = decodeURIComponent(url.pathname.slice(UNSUBSCRIBE_PATH.length + 1));
  try {
    const domain = createDomainContext(env, ctx, request, null);
    const { message } = isGuestReminderToken(token) ? await stopGuestRemindersByLink(domain, token) : await unsubscribeByLink(domain, token);
    return plain(message, 200);
  } catch (e) {
    if (!isDomainError(e)) throw e;
    return plain(e.message, e.status);
  }
}
