import { useId } from "react";

/**
 * What a field takes from Conform's field metadata (`fields.email` of `useForm`): its name and id,
 * the errors of its last check, the value to start from, and the key that remounts it when the
 * form resets. Structural, so a page may also hand a plain `{ name, id }`.
 */
export type FieldMeta = {
  name: string;
  id: string;
  errors?: string[] | undefined;
  initialValue?: unknown;
  key?: string | undefined;
  formId?: string;
  required?: boolean | undefined;
};

/** The props every labelled control shares: its label, a hint under it, its error (a string), or Conform's metadata. */
export type LabelledProps = {
  label: React.ReactNode;
  hint?: React.ReactNode;
  /** The server's (or the page's) message for this field; wins over `meta.errors`. */
  error?: string | undefined;
  meta?: FieldMeta;
  /** Classes of the wrapper (label, control, hint and error). */
  className?: string;
  /** The small size of tight side panels (the card editor's tools): smaller label, padding and text. */
  compact?: boolean;
  /** The label is read by screen readers but not shown (a one-field form whose button and placeholder say what it is for). */
  hideLabel?: boolean;
};

export type Wiring = {
  id: string;
  name: string | undefined;
  error: string | undefined;
  hintId: string | undefined;
  errorId: string | undefined;
  /** The attributes of the control itself: aria-invalid and aria-describedby, pointing at the shown hint and error. */
  aria: { "aria-invalid": true | undefined; "aria-describedby": string | undefined };
  defaultValue: string | undefined;
  key: string | undefined;
  required: boolean | undefined;
};

function firstText(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) return firstText(value[0]);
  return undefined;
}

/**
 * One place that decides ids, the shown message and the aria attributes of a labelled control.
 * The hint is shown until there is an error (then the error takes its place, as the account forms
 * always did); the control is described by whichever of the two is on screen.
 */
export function useFieldWiring(
  { error, hint, meta }: Pick<LabelledProps, "error" | "hint" | "meta">,
  given: { id?: string | undefined; name?: string | undefined; required?: boolean | undefined },
): Wiring {
  const autoId = useId();
  const id = given.id ?? meta?.id ?? autoId;
  const shown = error || meta?.errors?.[0] || undefined;
  const hintId = hint && !shown ? `${id}-hint` : undefined;
  const errorId = shown ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  return {
    id,
    name: given.name ?? meta?.name,
    error: shown,
    hintId,
    errorId,
    aria: { "aria-invalid": shown ? true : undefined, "aria-describedby": describedBy },
    defaultValue: meta ? firstText(meta.initialValue) : undefined,
    key: meta?.key,
    required: given.required ?? meta?.required ?? undefined,
  };
}

/** The site's look of a text box, select or text area: red border when in error. */
export const controlClass = (error: string | undefined, extra = "", compact = false) =>
  `w-full border bg-white outline-none focus:border-maroon-700 disabled:bg-ink/5 disabled:text-ink/60 ${compact ? "rounded-md px-2 py-1.5 text-sm" : "rounded-lg px-3 py-2.5 text-base"} ${error ? "border-red-600" : "border-ink/20"}${extra ? ` ${extra}` : ""}`;

const labelClass = (compact: boolean) => (compact ? "text-xs font-medium text-ink/75" : "text-sm font-medium");

function FieldHint({ id, children }: { id: string | undefined; children: React.ReactNode }) {
  if (!id) return null;
  return (
    <p id={id} className="text-xs text-ink/65">
      {children}
    </p>
  );
}

function FieldError({ id, message }: { id: string | undefined; message: string | undefined }) {
  if (!id || !message) return null;
  return (
    <p id={id} className="text-sm text-red-700">
      {message}
    </p>
  );
}

/**
 * The frame every labelled control shares: the label above it (when given; a checkbox carries its
 * own beside the box), the control, then its hint or, once refused, its error.
 */
export function FieldFrame({
  wiring,
  label,
  hint,
  className,
  compact = false,
  hideLabel = false,
  children,
}: {
  wiring: Wiring;
  label?: React.ReactNode;
  hint: React.ReactNode;
  className: string | undefined;
  compact?: boolean | undefined;
  hideLabel?: boolean | undefined;
  children: React.ReactNode;
}) {
  return (
    <div className={`flex flex-col gap-1${className ? ` ${className}` : ""}`}>
      {label !== undefined && (
        <label htmlFor={wiring.id} className={hideLabel ? "sr-only" : labelClass(compact)}>
          {label}
        </label>
      )}
      {children}
      <FieldHint id={wiring.hintId}>{hint}</FieldHint>
      <FieldError id={wiring.errorId} message={wiring.error} />
    </div>
  );
}
