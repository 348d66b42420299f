import type { TextareaHTMLAttributes } from "react";
import { controlClass, FieldFrame, useFieldWiring, type LabelledProps } from "./field-wiring.tsx";

export type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "className"> & LabelledProps & { inputClassName?: string };

/** A labelled multi-line text box (messages, descriptions, notes); free text stays as typed (`data-raw`). */
export function TextArea({
  label,
  hint,
  error,
  meta,
  className,
  compact,
  hideLabel,
  inputClassName,
  id,
  name,
  required,
  defaultValue,
  rows = 3,
  ...input
}: TextAreaProps) {
  const w = useFieldWiring({ error, hint, meta }, { id, name, required });
  return (
    <FieldFrame wiring={w} label={label} hint={hint} className={className} compact={compact} hideLabel={hideLabel}>
      <textarea
        key={w.key}
        id={w.id}
        name={w.name}
        rows={rows}
        required={w.required}
        defaultValue={input.value === undefined ? (defaultValue ?? w.defaultValue) : undefined}
        data-raw
        {...w.aria}
        className={controlClass(w.error, inputClassName, compact)}
        {...input}
      />
    </FieldFrame>
  );
}
