import type { InputHTMLAttributes } from "react";
import { FieldFrame, useFieldWiring, type LabelledProps } from "./field-wiring.tsx";

export type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "className"> & Omit<LabelledProps, "hideLabel">;

/**
 * A checkbox with its label beside it (the whole label is the click target). Sends `value`
 * ("true" unless given) when ticked; with Conform's metadata it starts ticked when the form's
 * value is "true", "on" or the box's own value.
 */
export function Checkbox({ label, hint, error, meta, className, compact, id, name, required, defaultChecked, value = "true", ...input }: CheckboxProps) {
  const w = useFieldWiring({ error, hint, meta }, { id, name, required });
  const fromMeta = meta && w.defaultValue !== undefined ? ["true", "on", String(value)].includes(w.defaultValue) : undefined;
  return (
    <FieldFrame wiring={w} hint={hint} className={className} compact={compact}>
      <label htmlFor={w.id} className="flex items-start gap-2 text-sm">
        <input
          key={w.key}
          id={w.id}
          name={w.name}
          type="checkbox"
          value={value}
          required={w.required}
          defaultChecked={input.checked === undefined ? (defaultChecked ?? fromMeta) : undefined}
          {...w.aria}
          className="mt-0.5 size-4 shrink-0 accent-maroon-700"
          {...input}
        />
        <span>{label}</span>
      </label>
    </FieldFrame>
  );
}

export type CellCheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "className" | "aria-label"> & { label: string };

/**
 * A checkbox alone in a table cell (a grid of many, such as households x functions): its label is
 * its accessible name only, since the row and column headings say it on screen. No wrapper, no
 * hint, error or class: a 25 x 12 grid of full checkboxes was over 100 KB of a page's HTML (issue 33).
 * The grid styles its boxes (`accent-maroon-700 [&_input]:size-4` on the table: accent-color is
 * inherited). Sends "on" (or `value`) when ticked.
 */
export function CellCheckbox({ label, ...input }: CellCheckboxProps) {
  return <input type="checkbox" aria-label={label} {...input} />;
}
