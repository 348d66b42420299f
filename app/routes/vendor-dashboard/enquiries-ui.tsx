import type { ReactNode } from "react";
import type { PageFailure } from "#app/lib/page-errors.server.ts";

/** Small pieces shared by the enquiry and booking pages of both dashboards (vendor and couple). */

export const LEAD_STATUS_LABELS: Record<string, string> = {
  NEW: "New",
  CONTACTED: "Contacted",
  QUOTED: "Quoted",
  BOOKED: "Booked",
  LOST: "Lost",
  SPAM: "Spam",
};

export const BOOKING_STATUS_LABELS: Record<string, string> = { CONFIRMED: "Confirmed", COMPLETED: "Completed", CANCELLED: "Cancelled" };

const TONES: Record<string, string> = {
  NEW: "bg-amber-100 text-amber-900",
  CONTACTED: "bg-sky-100 text-sky-900",
  QUOTED: "bg-violet-100 text-violet-900",
  BOOKED: "bg-green-100 text-green-900",
  CONFIRMED: "bg-green-100 text-green-900",
  COMPLETED: "bg-emerald-100 text-emerald-900",
  LOST: "bg-ink/10 text-ink/80",
  SPAM: "bg-red-100 text-red-900",
  CANCELLED: "bg-red-100 text-red-900",
};

export function StatusPill({ status }: { status: string }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${TONES[status] ?? "bg-ink/10"}`}>
      {LEAD_STATUS_LABELS[status] ?? BOOKING_STATUS_LABELS[status] ?? status}
    </span>
  );
}

export function Panel({ title, children, id }: { title?: string; children: ReactNode; id?: string }) {
  return (
    <section className="rounded-2xl border border-maroon-100 bg-white p-4 md:p-6" aria-labelledby={id}>
      {title && (
        <h2 id={id} className="mb-3 text-xl font-bold text-maroon-700">
          {title}
        </h2>
      )}
      {children}
    </section>
  );
}

type Result = { ok: true; message: string; intent?: string } | PageFailure | undefined;

/** The answer to one form of the page (by intent): its message and field errors. */
export function resultFor(result: Result, intent: string) {
  if (!result || (result.intent ?? null) !== intent)
    return { message: null, errors: {} as Record<string, string>, ok: false, values: {} as Record<string, string> };
  return {
    message: result.message,
    errors: result.ok ? {} : result.errors,
    ok: result.ok,
    values: (!result.ok && result.values) || {},
  };
}

export function Notice({ message, ok }: { message: string | null; ok: boolean }) {
  if (!message) return null;
  return (
    <p role={ok ? "status" : "alert"} className={`mb-3 rounded-lg px-3 py-2 text-sm ${ok ? "bg-green-50 text-green-800" : "bg-red-50 text-red-800"}`}>
      {message}
    </p>
  );
}

export function FieldBox({
  label,
  name,
  error,
  type = "text",
  defaultValue,
  required,
  min,
  hint,
}: {
  label: string;
  name: string;
  error?: string;
  type?: string;
  defaultValue?: string | number;
  required?: boolean;
  min?: string | number;
  hint?: string;
}) {
  const id = `f-${name}`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={defaultValue}
        required={required}
        min={min}
        data-raw
        inputMode={type === "number" ? "numeric" : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className={`rounded-lg border bg-white px-3 py-2 text-base ${error ? "border-red-600" : "border-ink/20"}`}
      />
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-ink/65">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export function TextBox({
  label,
  name,
  error,
  defaultValue,
  rows = 3,
  required,
}: {
  label: string;
  name: string;
  error?: string;
  defaultValue?: string;
  rows?: number;
  required?: boolean;
}) {
  const id = `f-${name}`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        rows={rows}
        defaultValue={defaultValue}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`rounded-lg border bg-white px-3 py-2 text-base ${error ? "border-red-600" : "border-ink/20"}`}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
