import { z } from "zod";
import { numeric } from "#shared/numbers.ts";
import { m } from "#shared/paraglide/messages.js";
import { Invalid, type FieldErrors } from "./errors.ts";

/** Turns zod issues into one message per field ("limit" -> "Must be at most 100"). */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_";
    fields[key] ??= issue.message;
  }
  return fields;
}

/**
 * Validates input against a schema, throwing Invalid (400) with field messages. The messages are
 * said here, in the request's language (shared/say.ts): zod words an issue when it is read.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, message: string = m.api_v_correct_fields()): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new Invalid(message, fieldErrors(result.error));
  return result.data;
}

/** Reads a form submission into a plain object (last value wins; repeated keys become arrays when asked). */
export function formToObject(form: FormData, arrays: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value !== "string") continue;
    if (arrays.includes(key)) ((out[key] ??= []) as string[]).push(value);
    else out[key] = value;
  }
  return out;
}

/** A list's optional `page` query (1 to 1000), as every paged admin list reads it. */
export const pageQuery = () =>
  numeric(
    z
      .number({ error: () => m.api_v_page_is_a_number() })
      .int({ error: () => m.api_v_page_is_a_whole_number() })
      .min(1, { error: () => m.api_v_page_starts_at_1() })
      .max(1000, { error: () => m.api_v_page_is_at_most_1000() })
      .optional(),
  );
