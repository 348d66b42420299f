import type { ReactNode } from "react";
import type { PageFailure } from "#app/lib/page-errors.server.ts";
import { budgetCategoryName } from "#shared/budget-schemas.ts";
import { formatRupees } from "#shared/format.ts";
import { Field as UiField, FormAlert, Panel as UiPanel, Select } from "#app/components/ui/index.ts";
import { getLocale } from "#shared/locale.ts";
import { localName } from "#shared/local-names.ts";

/** Small pieces of the budget page: panels, fields, figures, and which form a refusal belongs to. */
export type Feedback = PageFailure | undefined;

/** The refusal of the form that was sent (by intent, and by line for a line's forms). */
export function refusal(feedback: Feedback, intent: string, id?: string) {
  if (!feedback || feedback.ok !== false || feedback.intent !== intent) return null;
  if (id !== undefined && (feedback.values?.lineId ?? feedback.values?.bookingId) !== id) return null;
  return feedback;
}

/** The dashboards' card (app/components/ui Panel): its heading is `<id>-heading`, a link target `#<id>`. */
export function Panel({ title, id, children, action }: { title: string; id: string; children: ReactNode; action?: ReactNode }) {
  return (
    <UiPanel title={title} id={id} actions={action}>
      {children}
    </UiPanel>
  );
}

export function Alert({ message }: { message: string | null | undefined }) {
  return <FormAlert message={message} className="mb-3" />;
}

/**
 * A budget field through the ui primitives: a select when given options (children), else an input
 * (whole rupees from 0 for a number). Its id is `<form id>-<name>`, one per line's form.
 */
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
  const common = { id: `${id}-${name}`, name, label, error, defaultValue: defaultValue ?? "", className: "min-w-0", inputClassName: "py-2" };
  if (children) return <Select {...common}>{children}</Select>;
  return <UiField {...common} type={type} required={required} {...(type === "number" ? { min: 0, step: 1 } : {})} />;
}

export const money = (n: number) => formatRupees(n);

/** A budget category's name in the page's language. */
export const categoryName = budgetCategoryName;
/** A function's name: the catalogue's Hindi name on a Hindi page, else as the couple wrote it. */
export const functionLabel = (name: string) => localName(name, getLocale());
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
