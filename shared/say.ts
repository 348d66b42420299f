/**
 * How a rule's message is written (issue 32): a catalogue message (messages/api/{locale}.json),
 * said when the rule fails, so it is in the language of that request or page (functions/platform/
 * locale.ts on the server, <html lang> in the browser), never the language the module loaded in.
 * A zod rule takes it as its error (`.min(1, say(m.api_v_name_required))`, `z.string(say(...))`);
 * a message the code builds itself calls the catalogue where it says it (`message: m.api_x()`).
 * The English of every message is exactly the text it replaced, so the spec's strings still hold.
 */
export const say = (message: () => string) => ({ error: () => message() });

/** A label a shared rule names in its message ("Total budget must be..."), said in the same language. */
export type Label = () => string;
