import type { ServiceFields } from "#shared/service-schemas.ts";

/** The service form's text values and the action's answer it shows (service-form.tsx). Field names are the API's. */
export type ServiceFormValues = Record<string, string>;

export type FormFeedback = {
  message?: string;
  errors?: Record<string, string>;
  values?: ServiceFormValues;
  /** A description draft to show in the box (the no-JS "Write a draft for me"). */
  draft?: string;
} | null;

/** A stored service as the form's text values. */
export function formValuesOf(s: ServiceFields): ServiceFormValues {
  return {
    service_name: s.service_name,
    service_category: s.service_category,
    service_type: s.service_type,
    min_price: String(s.min_price),
    max_price: s.max_price === null ? "" : String(s.max_price),
    service_unit: s.service_unit,
    description: s.description,
    state: s.state,
    city: s.city,
    address: s.address ?? "",
    capacity_min: s.capacity_min === null ? "" : String(s.capacity_min),
    capacity_max: s.capacity_max === null ? "" : String(s.capacity_max),
    highlights: s.highlights.join("\n"),
  };
}
