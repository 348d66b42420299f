import type { InputHTMLAttributes, Ref } from "react";
import { controlClass, FieldFrame, useFieldWiring, type LabelledProps } from "./field-wiring.tsx";

/** Text-like inputs; a checkbox is `Checkbox`, a file or a hidden value is no labelled field. */
type InputType = "text" | "email" | "number" | "tel" | "date" | "password" | "url" | "search" | "time" | "datetime-local" | "month" | "color" | "range";

export type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "className"> &
  LabelledProps & {
    type?: InputType | (string & {});
    /** Classes added to the input box (width, font). */
    inputClassName?: string;
    /** The input element itself (a combobox that moves the caret or focus). */
    ref?: Ref<HTMLInputElement>;
  };

/**
 * A labelled input with its hint and error, wired for assistive technology (aria-invalid, and
 * aria-describedby naming the hint or the error on screen). Works as plain HTML before the page's
 * scripts run: the name, id and starting value are in the server's markup.
 *
 * `<Field meta={fields.email} type="email" label="E-mail address" />` with Conform, or
 * `<Field name="email" label="E-mail address" error={errors.email} defaultValue={values.email} />`.
 * A colour picker (`type="color"`) keeps the box's border; a slider (`type="range"`) is drawn bare.
 */
export function Field({
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
  type = "text",
  ...input
}: FieldProps) {
  const w = useFieldWiring({ error, hint, meta }, { id, name, required });
  return (
    <FieldFrame wiring={w} label={label} hint={hint} className={className} compact={compact} hideLabel={hideLabel}>
      <input
        key={w.key}
        id={w.id}
        name={w.name}
        type={type}
        required={w.required}
        defaultValue={input.value === undefined ? (defaultValue ?? w.defaultValue) : undefined}
        inputMode={type === "number" ? "numeric" : undefined}
        {...w.aria}
        className={
          type === "range"
            ? `w-full accent-maroon-700${inputClassName ? ` ${inputClassName}` : ""}`
            : controlClass(w.error, type === "color" ? `h-9${inputClassName ? ` ${inputClassName}` : ""}` : inputClassName, compact)
        }
        {...input}
      />
    </FieldFrame>
  );
}
