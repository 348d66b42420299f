import { Field, TextArea } from "#app/components/ui/index.ts";
import { FAQ_ANSWER_MAX, FAQ_QUESTION_MAX } from "#shared/service-limits.ts";
import { m } from "#shared/paraglide/messages.js";

/** One question and answer, as a small form of its own (add or edit). */
export function FaqFields({ values, errors }: { values?: { question?: string; answer?: string }; errors?: Record<string, string> }) {
  return (
    <>
      <Field label={m.vendor_faq_question()} name="question" defaultValue={values?.question} maxLength={FAQ_QUESTION_MAX} error={errors?.question} />
      <TextArea
        label={m.vendor_faq_answer()}
        name="answer"
        translate="no"
        rows={3}
        defaultValue={values?.answer}
        maxLength={FAQ_ANSWER_MAX}
        error={errors?.answer}
      />
    </>
  );
}
