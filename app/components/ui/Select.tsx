import type { ReactNode, SelectHTMLAttributes } from "react";
import { controlClass, FieldFrame, useFieldWiring, type LabelledProps } from "./field-wiring.tsx";

export type SelectOption = { value: string; label: string; disabled?: boolean };
export type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "className"> &
  LabelledProps & {
    /** The choices as [value, label] pairs or options; or pass <option>/<optgroup> children. */
    options?: readonly (SelectOption | readonly [string, string])[];
    /** A first, empty choice ("Choose a state"). */
    placeholder?: string;
    children?: ReactNode;
    inputClassName?: string;
  };

/** A labelled native select (works with the keyboard, on phones and before hydration). */
export function Select({
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
  options,
  placeholder,
  children,
  ...select
}: SelectProps) {
  const w = useFieldWiring({ error, hint, meta }, { id, name, required });
  return (
    <FieldFrame wiring={w} label={label} hint={hint} className={className} compact={compact} hideLabel={hideLabel}>
      <select
        key={w.key}
        id={w.id}
        name={w.name}
        required={w.required}
        defaultValue={select.value === undefined ? (defaultValue ?? w.defaultValue ?? (placeholder !== undefined ? "" : undefined)) : undefined}
        {...w.aria}
        className={controlClass(w.error, inputClassName, compact)}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options?.map((o) => {
          const [value, text, disabled] = Array.isArray(o)
            ? [o[0], o[1], false]
            : [(o as SelectOption).value, (o as SelectOption).label, (o as SelectOption).disabled];
          return (
            <option key={value} value={value} disabled={disabled}>
              {text}
            </option>
          );
        })}
        {children}
      </select>
    </FieldFrame>
  );
}
