import { AI_DRAFTS_PER_HOUR, descriptionDraftInput } from "#shared/service-schemas.ts";
import type { DescriptionDraft } from "#platform/ai.ts";
import { type AllowanceRule, type DomainContext, parseInput, takeOrThrow } from "../core/index.ts";
import { requireManager } from "./service-records.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * A description draft written from the service's fields by the configured writer, AI_DRAFT_LIMIT
 * per account per hour.
 */

export const AI_DRAFT_LIMIT: AllowanceRule = {
  max: AI_DRAFTS_PER_HOUR,
  windowMs: 60 * 60 * 1000,
  message: (wait: string) => m.api_limit_ai_drafts({ max: AI_DRAFTS_PER_HOUR, wait }),
};

/**
 * POST /generateAIDescription and the form's "Write a draft for me": a description draft from the
 * service's fields, by the configured writer (ctx.ai). Vendors (and admins) only, AI_DRAFT_LIMIT
 * per account per hour (429 with Retry-After past it). Nothing is saved: the draft fills the form.
 */
export async function draftDescription(ctx: DomainContext, input: unknown): Promise<DescriptionDraft> {
  const actor = requireManager(ctx);
  const facts = parseInput(descriptionDraftInput, input, m.api_e_add_the_services_name_and_subcategory_first());
  await takeOrThrow(ctx, `ai-draft:${actor.id}`, AI_DRAFT_LIMIT);
  return ctx.ai.draft(facts);
}
