import { Form } from "react-router";
import { SubmitButton } from "#app/components/auth/AuthForm.tsx";
import { Checkbox, Field, Select, TextArea } from "#app/components/ui/index.ts";
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
  const err = (field: string) => errorOf(errors, field);
  return (
    <Form method="post" className="flex flex-col gap-4" noValidate aria-label={submitLabel}>
      <input type="hidden" name="intent" value={intent} />
      {children}
      <Field label="Name" name="name" defaultValue={values.name} maxLength={PLAN_NAME_MAX} required error={err("name")} autoComplete="off" />
      <TextArea
        label={
          <>
            Description <span className="font-normal text-ink/65">(optional)</span>
          </>
        }
        name="description"
        rows={2}
        maxLength={PLAN_DESCRIPTION_MAX}
        defaultValue={values.description}
        error={err("description")}
      />
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
      <Checkbox
        name="isTrial"
        label={<strong>Free trial plan</strong>}
        defaultChecked={values.isTrial}
        hint="Vendors get it once, when they verify their e-mail. Price 0; only one trial plan can be active."
        error={err("isTrial")}
      />
      <TextArea
        label={
          <>
            What it includes <span className="font-normal text-ink/65">(one per line)</span>
          </>
        }
        name="features"
        rows={4}
        defaultValue={values.features}
        hint={`Up to ${PLAN_FEATURES_MAX} short lines of at most ${PLAN_FEATURE_MAX} characters, shown to vendors.`}
        error={err("features")}
      />
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
        <Checkbox name="featuredPlacement" label="Featured placement" defaultChecked={values.featuredPlacement} error={err("featuredPlacement")} />
        <Select
          label="Analytics"
          name="analyticsDepth"
          defaultValue={values.analyticsDepth}
          error={err("analyticsDepth")}
          options={Object.entries(ANALYTICS_DEPTH_LABELS) as [string, string][]}
        />
      </fieldset>
      <SubmitButton name="intent" value={intent} pendingText={pendingLabel} className="btn-primary self-start px-5 py-2.5">
        {submitLabel}
      </SubmitButton>
    </Form>
  );
}
