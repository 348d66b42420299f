import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import type { z } from "zod";

/**
 * Forms through Conform (docs/decisions/0038): the page names the shared zod schema its action
 * and the API parse, and gets the form's props and every field's metadata for the primitives:
 *
 *   const [form, fields] = usePageForm(loginInput, { result: actionData });
 *   <Form method="post" {...formProps(form)}>
 *     <Field meta={fields.email} type="email" label="E-mail address" />
 *
 * In the browser a field is checked with the schema when it loses focus (again on each key once it
 * has shown an error), and the whole form on submit, which is stopped while a field is wrong: the
 * messages are the schema's, the same words the server answers with. Without scripts the form posts
 * as plain HTML and the action's answer (`PageFailure`: {field: message} and the typed values)
 * shows on the same fields.
 */

/** The answer of a page action the form can show: a `PageFailure` (or a success, which shows nothing on the fields). */
export type ActionAnswer = { ok: boolean; errors?: Record<string, string>; values?: Record<string, string> } | null | undefined;

/**
 * A page action's refusal in Conform's shape: each field's message as its error, the form-wide
 * message ("_", a rule across fields) as the form's, the typed values to start from.
 */
export function submissionOf(answer: ActionAnswer): SubmissionResult<string[]> | undefined {
  if (!answer || answer.ok !== false) return undefined;
  const error: Record<string, string[]> = {};
  for (const [field, message] of Object.entries(answer.errors ?? {})) error[field === "_" ? "" : field] = [message];
  return { status: "error", error, initialValue: answer.values ?? {} };
}

export function usePageForm<S extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  schema: S,
  options: {
    /** The action's answer for this form (filter by intent first on pages with several forms). */
    result?: ActionAnswer;
    /** Values to start from (an edit form's saved record). */
    defaultValue?: { [field: string]: string | null | undefined };
    id?: string;
  } = {},
) {
  const lastResult = useMemo(() => submissionOf(options.result), [options.result]);
  return useForm<z.input<S>, z.output<S>>({
    id: options.id,
    lastResult,
    defaultValue: options.defaultValue as Parameters<typeof useForm<z.input<S>, z.output<S>>>[0]["defaultValue"],
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // The form's strings as they are sent (no coercion), so the browser reads them as the server does.
    onValidate: ({ formData }) => parseWithZod(formData, { schema, disableAutoCoercion: true }),
  });
}

/** The <Form>'s props (id, onSubmit, noValidate, aria for the form's own error). */
export const formProps = getFormProps;
