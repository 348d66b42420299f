import { useId } from "react";
import { Form } from "react-router";
import { SubmitButton } from "#app/components/auth/AuthForm.tsx";
import { Field } from "#app/components/ui/index.ts";
import {
  ANALYTICS_DEPTH_LABELS,
  PLAN_DESCRIPTION_MAX,
  PLAN_DURATION_MAX,
  PLAN_FEATURE_MAX,
  PLAN_FEATURES_MAX,
  PLAN_NAME_MAX,
  PLAN_PRICE_MAX,
  PLAN_SERVICES_MAX,
  durationLabel,
} from "#shared/plan-schemas.ts";
import { formatRupees } from "#shared/format.ts";

/** "₹4,999 / 90 days", "Free / 14 days". */
export const pricePer = (p: { price: number; durationDays: number }) => `${p.price === 0 ? "Free" : formatRupees(p.price)} / ${durationLabel(p.durationDays)}`;

/**
 * The plan form of /admin/plans (new) and /admin/plans/{id} (edit): a plain form post that works
 * without JavaScript; the server checks it with shared/plan-schemas.ts (the API's schema) and the
 * refusal comes back with a message beside each field and what was typed.
 */
export type PlanFormValues = {
  name: string;
  description: string;
  price: string;
  durationDays: string;
  isTrial: boolean;
  features: string;
  maxActiveServices: string;
  featuredPlacement: boolean;
  analyticsDepth: string;
};

export const EMPTY_PLAN: PlanFormValues = {
  name: "",
  description: "",
  price: "",
  durationDays: "",
  isTrial: false,
  features: "",
  maxActiveServices: "",
  featuredPlacement: false,
  analyticsDepth: "BASIC",
};

/** The form's values from a refused post (strings as typed; a ticked box sent "true"). */
export function submittedValues(values: Record<string, string>): PlanFormValues {
  return {
    name: values.name ?? "",
    description: values.description ?? "",
    price: values.price ?? "",
    durationDays: values.durationDays ?? "",
    isTrial: values.isTrial === "true",
    features: values.features ?? "",
    maxActiveServices: values.maxActiveServices ?? "",
    featuredPlacement: values.featuredPlacement === "true",
    analyticsDepth: values.analyticsDepth ?? "BASIC",
  };
}

const boxClass = (error?: string) =>
  `w-full rounded-lg border bg-white px-3 py-2.5 text-base outline-none focus:border-maroon-700 ${error ? "border-red-600" : "border-ink/20"}`;

function ErrorText({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="text-sm text-red-700">
      {error}
    </p>
  ) : null;
}

/** One message per field; "features.3" (a line too long) shows under the features box. */
function errorOf(errors: Record<string, string>, field: string): string | undefined {
  return errors[field] ?? Object.entries(errors).find(([k]) => k.startsWith(`${field}.`))?.[1];
}

export function PlanForm({
  intent,
  values,
  errors,
  submitLabel,
  pendingLabel,
  children,
}: {
  intent: string;
  values: PlanFormValues;
  errors: Record<string, string>;
  submitLabel: string;
  pendingLabel: string;
  children?: React.ReactNode;
}) {
  const id = useId();
  const err = (field: string) => errorOf(errors, field);
  return (
    <Form method="post" className="flex flex-col gap-4" noValidate aria-label={submitLabel}>
      <input type="hidden" name="intent" value={intent} />
      {children}
      <Field label="Name" name="name" defaultValue={values.name} maxLength={PLAN_NAME_MAX} required error={err("name")} autoComplete="off" />
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-description`} className="text-sm font-medium">
          Description <span className="font-normal text-ink/65">(optional)</span>
        </label>
        <textarea
          id={`${id}-description`}
          name="description"
          data-raw
          rows={2}
          maxLength={PLAN_DESCRIPTION_MAX}
          defaultValue={values.description}
          aria-invalid={err("description") ? true : undefined}
          aria-describedby={err("description") ? `${id}-description-error` : undefined}
          className={boxClass(err("description"))}
        />
        <ErrorText id={`${id}-description-error`} error={err("description")} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Price (whole rupees)"
          name="price"
          inputMode="numeric"
          defaultValue={values.price}
          required
          hint={`0 for the free trial plan; a paid plan from ₹1 to ₹${PLAN_PRICE_MAX.toLocaleString("en-IN")}.`}
          error={err("price")}
          autoComplete="off"
        />
        <Field
          label="Duration (days)"
          name="durationDays"
          inputMode="numeric"
          defaultValue={values.durationDays}
          required
          hint={`1 to ${PLAN_DURATION_MAX.toLocaleString("en-IN")} days, e.g. 90 or 365.`}
          error={err("durationDays")}
          autoComplete="off"
        />
      </div>
      <div className="flex flex-col gap-1">
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            name="isTrial"
            value="true"
            defaultChecked={values.isTrial}
            className="mt-0.5 size-4 accent-maroon-700"
            aria-describedby={err("isTrial") ? `${id}-trial-error` : `${id}-trial-hint`}
            aria-invalid={err("isTrial") ? true : undefined}
          />
          <span>
            <strong>Free trial plan</strong>
            <span id={`${id}-trial-hint`} className="block text-xs text-ink/65">
              Vendors get it once, when they verify their e-mail. Price 0; only one trial plan can be active.
            </span>
          </span>
        </label>
        <ErrorText id={`${id}-trial-error`} error={err("isTrial")} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-features`} className="text-sm font-medium">
          What it includes <span className="font-normal text-ink/65">(one per line)</span>
        </label>
        <textarea
          id={`${id}-features`}
          name="features"
          data-raw
          rows={4}
          defaultValue={values.features}
          aria-invalid={err("features") ? true : undefined}
          aria-describedby={`${id}-features-hint${err("features") ? ` ${id}-features-error` : ""}`}
          className={boxClass(err("features"))}
        />
        <p id={`${id}-features-hint`} className="text-xs text-ink/65">
          Up to {PLAN_FEATURES_MAX} short lines of at most {PLAN_FEATURE_MAX} characters, shown to vendors.
        </p>
        <ErrorText id={`${id}-features-error`} error={err("features")} />
      </div>
      <fieldset className="flex flex-col gap-4 rounded-xl border border-maroon-100 p-4">
        <legend className="px-1 text-sm font-semibold">Limits</legend>
        <Field
          label="Active services"
          name="maxActiveServices"
          inputMode="numeric"
          defaultValue={values.maxActiveServices}
          hint={`1 to ${PLAN_SERVICES_MAX.toLocaleString("en-IN")}; leave empty for unlimited.`}
          error={err("maxActiveServices")}
          autoComplete="off"
        />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="featuredPlacement" value="true" defaultChecked={values.featuredPlacement} className="size-4 accent-maroon-700" />
          Featured placement
        </label>
        <ErrorText id={`${id}-featured-error`} error={err("featuredPlacement")} />
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-depth`} className="text-sm font-medium">
            Analytics
          </label>
          <select
            id={`${id}-depth`}
            name="analyticsDepth"
            defaultValue={values.analyticsDepth}
            aria-invalid={err("analyticsDepth") ? true : undefined}
            aria-describedby={err("analyticsDepth") ? `${id}-depth-error` : undefined}
            className={boxClass(err("analyticsDepth"))}
          >
            {Object.entries(ANALYTICS_DEPTH_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          <ErrorText id={`${id}-depth-error`} error={err("analyticsDepth")} />
        </div>
      </fieldset>
      <SubmitButton name="intent" value={intent} pendingText={pendingLabel} className="btn-primary self-start px-5 py-2.5">
        {submitLabel}
      </SubmitButton>
    </Form>
  );
}
