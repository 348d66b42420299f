import { z } from "zod";
import type { DomainContext } from "#domain/core/index.ts";
import { draftDescription } from "#domain/catalogue/index.ts";
import { readForm } from "#app/lib/page-errors.server.ts";

/** A dashboard form as text fields (the domain parses them with the API's schemas). */
const formFields = z.record(z.string(), z.string());

/** Reads a dashboard form: its intent and its fields (also kept to refill the form after a refusal). */
export async function readDashboardForm(request: Request): Promise<{ intent: string; fields: Record<string, string> }> {
  const { input } = await readForm(request, formFields);
  return { intent: input.intent ?? "save", fields: input };
}

/** "Write a draft for me": the same rule as POST /generateAIDescription; the form shows the draft with the other values kept. */
export async function draftForForm(domain: DomainContext, fields: Record<string, unknown>) {
  const { intent: _intent, ...values } = fields;
  const draft = await draftDescription(domain, values);
  return { ok: true as const, intent: "draft" as const, draft: draft.text, source: draft.source, values };
}
