import type { TextareaHTMLAttributes } from "react";
import { controlClass, FieldError, FieldHint, labelClass, useFieldWiring, type LabelledProps } from "./field-wiring.tsx";

export type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "className"> & LabelledProps & { inputClassName?: string };

/** A labelled multi-line text box (messages, descriptions, notes); free text stays as typed (`data-raw`). */
export function TextArea({ label, hint, error, meta, className, inputClassName, id, name, required, defaultValue, rows = 3, ...input }: TextAreaProps) {
  const w = useFieldWiring({ error, hint, meta }, { id, name, required });
  return (
    <div className={`flex flex-col gap-1${className ? ` ${className}` : ""}`}>
      <label htmlFor={w.id} className={labelClass}>
        {label}
      </label>
      <textarea
        key={w.key}
        id={w.id}
        name={w.name}
        rows={rows}
        required={w.required}
        defaultValue={input.value === undefined ? (defaultValue ?? w.defaultValue) : undefined}
        data-raw
        {...w.aria}
        className={controlClass(w.error, inputClassName)}
        {...input}
      />
      <FieldHint id={w.hintId}>{hint}</FieldHint>
      <FieldError id={w.errorId} message={w.error} />
    </div>
  );
}
