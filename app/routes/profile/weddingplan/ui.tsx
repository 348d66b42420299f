import type { ReactNode } from "react";
import { Form } from "react-router";
import { Field as AuthField } from "#app/components/auth/AuthForm.tsx";
import { clockTime } from "#shared/format.ts";
import { TextArea as UiTextArea } from "#app/components/ui/index.ts";
import { getLocale } from "#shared/locale.ts";
import { hasHindiName, localName } from "#shared/local-names.ts";
import { m } from "#shared/paraglide/messages.js";

/** A function's or tradition's name in the page's language: the catalogue's Hindi name, or as the couple typed it. */
export const shownName = (name: string) => localName(name, getLocale());

/** The same as text: the couple's own words are marked as theirs (not interface text). */
export function Name({ name }: { name: string }) {
  return <span translate={hasHindiName(name) ? undefined : "no"}>{shownName(name)}</span>;
}

/** Small pieces of the wedding planner's pages (the plan and a function's page). */

export type ActionResult =
  { ok: boolean; intent?: string; message?: string; errors?: Record<string, string>; values?: Record<string, string> } | undefined | null;

/** The answer to one of the page's forms (by intent, and by a record id when several forms share one). */
export function resultOf(result: ActionResult, intent: string, match?: (values: Record<string, string>) => boolean) {
  const none = { message: null as string | null, errors: {} as Record<string, string>, values: {} as Record<string, string> };
  if (!result || result.ok || result.intent !== intent) return none;
  const values = result.values ?? {};
  if (match && !match(values)) return none;
  return { message: result.message ?? null, errors: result.errors ?? {}, values };
}

/** "19:00" as "7:00 pm". */
export const timeLabel = (time: string | null): string => clockTime(time) ?? "";

export const timeRange = (start: string | null, end: string | null) =>
  start ? `${timeLabel(start)}${end ? ` – ${timeLabel(end)}` : ""}` : m.couple_plan_time_to_be_set();

export function Panel({ title, id, children, actions }: { title?: string; id?: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="rounded-2xl border border-maroon-100 bg-white p-4 md:p-6" aria-labelledby={id}>
      {(title || actions) && (
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          {title && (
            <h2 id={id} className="text-xl font-bold text-maroon-700">
              {title}
            </h2>
          )}
          {actions}
        </div>
      )}
      {children}
    </section>
  );
}

export function Alert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="mb-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  );
}

type FieldProps = {
  label: string;
  name: string;
  id?: string;
  error?: string;
  type?: string;
  defaultValue?: string | number | null;
  required?: boolean;
  hint?: string;
  min?: number;
  className?: string;
};

/** The site's labelled input (AuthForm's Field) with the planner's ids (`f-<name>` unless given). */
export function Field({ id, name, defaultValue, type = "text", ...rest }: FieldProps) {
  return (
    <AuthField
      {...rest}
      id={id ?? `f-${name}`}
      name={name}
      type={type}
      defaultValue={defaultValue ?? undefined}
      inputMode={type === "number" ? "numeric" : undefined}
      className={`min-w-0 ${rest.className ?? ""}`}
    />
  );
}

/** A labelled notes box (the primitive TextArea) with the planner's ids (`f-<name>` unless given), across both columns. */
export function TextArea({ label, name, id, error, defaultValue }: Omit<FieldProps, "type">) {
  return (
    <UiTextArea label={label} name={name} id={id ?? `f-${name}`} rows={2} error={error} defaultValue={defaultValue ?? undefined} className="md:col-span-2" />
  );
}

/** A progress bar for tasks: done of total. */
export function Progress({ done, total, label }: { done: number; total: number; label: string }) {
  const pct = total ? Math.round((done / total) * 100) : 0;
  return (
    <div className="flex items-center gap-2 text-sm">
      <div
        className="h-2 w-24 overflow-hidden rounded-full bg-maroon-100"
        role="progressbar"
        aria-valuenow={pct}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-label={label}
      >
        <div className="h-full bg-green-600" style={{ width: `${pct}%` }} />
      </div>
      <span className="text-ink/75">{total ? m.couple_plan_tasks_done({ done, total }) : m.couple_plan_no_tasks()}</span>
    </div>
  );
}

const SOURCE_LABELS: Record<string, () => string> = {
  WISHLIST: m.couple_plan_source_wishlist,
  ENQUIRY: m.couple_plan_source_enquiry,
  BOOKING: m.couple_plan_source_booked,
  SEARCH: m.couple_plan_source_search,
};

/** Where a vendor on a function came from ("Booked" once booked). */
export const sourceLabel = (source: string, booked = false) => (booked ? m.couple_plan_source_booked() : (SOURCE_LABELS[source]?.() ?? source));

export function VendorChip({ name, vendor, booked, source }: { name: string; vendor: string; booked: boolean; source: string }) {
  return (
    <span className="inline-flex items-center gap-1 rounded-full border border-maroon-100 bg-cream px-2 py-0.5 text-xs">
      <span className="font-medium" translate="no">
        {name}
      </span>
      <span className="text-ink/65" translate="no">
        · {vendor}
      </span>
      <span className={`ml-1 rounded-full px-1.5 font-semibold ${booked ? "bg-green-100 text-green-900" : "bg-ink/10 text-ink/80"}`}>
        {sourceLabel(source, booked)}
      </span>
    </span>
  );
}

/** A delete button in its own form, asking before it goes (with JS; without, it deletes). */
export function DeleteButton({ intent, fields, label, confirm }: { intent: string; fields: Record<string, string>; label: string; confirm: string }) {
  return (
    <Form
      method="post"
      onSubmit={(e) => {
        if (!window.confirm(confirm)) e.preventDefault();
      }}
    >
      {Object.entries(fields).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <button type="submit" name="intent" value={intent} className="text-sm font-semibold text-red-700 underline">
        {label}
      </button>
    </Form>
  );
}
