import { z } from "zod";
import { type Access, type DomainContext, Invalid, requireAccess } from "#domain/core/index.ts";
import { redirectWithToast } from "#platform/cookies.ts";
import { readFormData } from "#platform/request-body.ts";
import { appContext, type AppContext } from "#functions/page-context.ts";
import { runFormOnce } from "./once-token.server.ts";
import { formFailure, pagePath, parseForm } from "./page-errors.server.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * The one way to write a page's form action (docs/decisions/0041-page-actions.md):
 *
 *   export const action = pageAction({
 *     access: ACCESS.planner,
 *     once: true,
 *     intents: {
 *       addGuest: async ({ domain, fields, back }) => back((await addGuest(domain, fields)).message),
 *       rename: async ({ domain, input, done }) => done((await renamePlan(domain, input(renameInput))).message),
 *     },
 *   });
 *
 * In order: who is asking is checked (`access`, the API's access rules) before a byte of the body
 * is read; the body is read once, through the capped reader (functions/platform/request-body.ts);
 * with `once`, the form's one-time token is taken and the write runs once per token
 * (once-token.server.ts); the posted `intent` picks its handler, which makes one domain call and
 * answers. A domain error, thrown anywhere on the way (a body that cannot be read, the access
 * check, a schema, the domain), is the page's answer through the one translator
 * (page-errors.server.ts `formFailure`): a `PageFailure` labelled with the intent, which the form
 * shows (Conform: `submissionOf`; a message: `FormAlert`), or for a visitor a redirect to log in
 * and back. Anything else goes on to the error boundary.
 */

/** What an action gets from React Router (the parts the helper uses). */
export type PageActionArgs = {
  request: Request;
  params: Record<string, string | undefined>;
  context: { get(context: typeof appContext): AppContext };
};

/** What a handler is given for the posted form. */
export type IntentCall = {
  request: Request;
  params: Record<string, string | undefined>;
  domain: DomainContext;
  /** The posted intent (the default intent when the form sends none). */
  intent: string;
  /** The form as read (without its one-time token). */
  form: FormData;
  /** The form's text fields as an object (see formToObject; files are left out); a refusal refills the form with them. */
  fields: Record<string, unknown>;
  /** The form parsed with a shared schema (Invalid with field messages); on a refusal the typed values refill the form. */
  input<S extends z.ZodType>(schema: S): z.infer<S>;
  /** A success the page shows where it is: `{ ok: true, intent, message, errors: {} }`. */
  done(message: string): { ok: true; intent: string; message: string; errors: Record<string, string> };
  /** A success that goes back to this page (or `to`) with a success toast: post, redirect, get (303). */
  back(message: string, to?: string): Response;
};

export type IntentHandler = (call: IntentCall) => unknown;

export type PageActionOptions<H extends Record<string, IntentHandler>> = {
  /** Who may post (ACCESS.*), checked before the body is read; a visitor is sent to log in and back. Leave out where the area's guard and the domain decide. */
  access?: Access;
  /** Each intent the page's forms send, with its handler. */
  intents: H;
  /** The page's main form: the intent of a form that sends none, or one the page does not know (without it, those get 400 "Unknown action."). */
  defaultIntent?: keyof H & string;
  /** The forms carry a one-time token (app/lib/once-token.tsx): a form sent twice writes once and both posts get the same answer. */
  once?: boolean;
  /** What a form whose intent is none of these is told (400; default "Unknown action."): a function for a catalogue message, said in the request's language. */
  unknown?: string | (() => string);
  /** The field messages that go with `unknown`. */
  unknownFields?: Record<string, string> | (() => Record<string, string>);
  /** Reads the body its own way (a multipart form with files under per-file caps); readFormData, the capped form reader, when left out. */
  read?: (request: Request) => Promise<FormData>;
  /** How a refusal is labelled for the page, when not by the posted intent (e.g. one card's form among many: `retire:<planId>`). */
  failureIntent?: (intent: string, form: FormData) => string;
  /** A sign-in form (the log-in page): its own 401 (wrong e-mail or password) is shown on the form, not answered with "log in first". */
  signInForm?: boolean;
};

/** Any form's text fields, as they were sent. */
const ANY_FORM = z.record(z.string(), z.unknown());

export function pageAction<H extends Record<string, IntentHandler>>(options: PageActionOptions<H>) {
  return async (args: PageActionArgs): Promise<Awaited<ReturnType<H[keyof H]>> | ReturnType<typeof formFailure>> => {
    const { request, params } = args;
    const { domain } = args.context.get(appContext);
    let intent = options.defaultIntent ?? "";
    let form = new FormData();
    try {
      if (options.access) requireAccess(options.access, domain.actor);
      form = await (options.read ?? readFormData)(request);
      const sent = form.get("intent");
      if (typeof sent === "string" && Object.hasOwn(options.intents, sent)) intent = sent;
      else if (options.defaultIntent === undefined) intent = typeof sent === "string" ? sent : "";
      const handler = Object.hasOwn(options.intents, intent) ? options.intents[intent] : undefined;
      if (!handler) {
        const { unknown = m.api_e_unknown_action, unknownFields } = options;
        throw new Invalid(typeof unknown === "function" ? unknown() : unknown, typeof unknownFields === "function" ? unknownFields() : unknownFields);
      }
      const write = async () => {
        const call: IntentCall = {
          request,
          params,
          domain,
          intent,
          form,
          // Kept for the refusal too, so a refused form is refilled with what was typed (never passwords).
          fields: parseForm(request, ANY_FORM, form).input,
          input: <S extends z.ZodType>(schema: S) => parseForm(request, schema, form).input,
          done: (message) => ({ ok: true as const, intent, message, errors: {} }),
          back: (message, to = pagePath(request, { search: true })) => redirectWithToast(request, to, { type: "success", message }, { status: 303 }),
        };
        return (await handler(call)) as Awaited<ReturnType<H[keyof H]>>;
      };
      return options.once ? await runFormOnce(request, domain, form, write) : await write();
    } catch (error) {
      return formFailure(error, request, {
        intent: options.failureIntent ? options.failureIntent(intent, form) : intent,
        ...(options.signInForm ? { signInForm: true } : {}),
      });
    }
  };
}
