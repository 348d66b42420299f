import type { ReactNode } from "react";
import type { PageFailure } from "#app/lib/page-errors.server.ts";
import { formatRupees } from "#shared/format.ts";

/** Small pieces of the budget page: panels, fields, figures, and which form a refusal belongs to. */
export type Feedback = PageFailure | undefined;

/** The refusal of the form that was sent (by intent, and by line for a line's forms). */
export function refusal(feedback: Feedback, intent: string, id?: string) {
  if (!feedback || feedback.ok !== false || feedback.intent !== intent) return null;
  if (id !== undefined && (feedback.values?.lineId ?? feedback.values?.bookingId) !== id) return null;
  return feedback;
}

export function Panel({ title, id, children, action }: { title: string; id: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section className="rounded-2xl border border-maroon-100 bg-white p-4 md:p-6" aria-labelledby={`${id}-heading`} id={id}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-heading`} className="text-xl font-bold text-maroon-700">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

export function Alert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="mb-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  );
}

export function Field({
  label,
  name,
  id,
  error,
  type = "text",
  defaultValue,
  required,
  children,
}: {
  label: string;
  name: string;
  id: string;
  error?: string | undefined;
  type?: string;
  defaultValue?: string | number | null;
  required?: boolean;
  children?: ReactNode;
}) {
  const inputId = `${id}-${name}`;
  const describedBy = error ? `${inputId}-error` : undefined;
  const className = `w-full rounded-lg border bg-white px-3 py-2 text-base ${error ? "border-red-600" : "border-ink/20"}`;
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={inputId} className="text-sm font-medium">
        {label}
      </label>
      {children ? (
        <select
          id={inputId}
          name={name}
          defaultValue={defaultValue ?? ""}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={className}
        >
          {children}
        </select>
      ) : (
        <input
          id={inputId}
          name={name}
          type={type}
          defaultValue={defaultValue ?? ""}
          required={required}
          min={type === "number" ? 0 : undefined}
          step={type === "number" ? 1 : undefined}
          inputMode={type === "number" ? "numeric" : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={className}
        />
      )}
      {error && (
        <p id={`${inputId}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export const money = (n: number) => formatRupees(n);
/** What is left of a category's estimate; without an estimate there is nothing to count down from. */
export const remainingOf = (c: { estimated: number; remaining: number }) => (c.estimated > 0 ? money(c.remaining) : "–");

export function MiniFigure({ label, value, bad }: { label: string; value: string; bad?: boolean }) {
  return (
    <div>
      <dt className="text-ink/60">{label}</dt>
      <dd className={bad ? "font-semibold text-red-700" : ""}>{value}</dd>
    </div>
  );
}
export const cell = "py-2 pr-3 text-right tabular-nums whitespace-nowrap";
export function Figure({ label, value, note, tone }: { label: string; value: string; note?: string | undefined; tone?: "bad" | undefined }) {
  return (
    <div className="rounded-xl border border-maroon-100 bg-white p-3">
      <dt className="text-sm text-ink/70">{label}</dt>
      <dd className={`mt-1 text-xl font-bold md:text-2xl ${tone === "bad" ? "text-red-700" : "text-maroon-700"}`}>{value}</dd>
      {note && <dd className="text-xs text-ink/65">{note}</dd>}
    </div>
  );
}
