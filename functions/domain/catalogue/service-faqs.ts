import { faqInput, FAQS_MAX } from "#shared/service-schemas.ts";
import { type DomainContext, parseInput, newId, Invalid, NotFound } from "../core/index.ts";
import { type Faq, ownedService, SERVICE_MESSAGES } from "./service-records.ts";

/**
 * A service's questions and answers: add (at most FAQS_MAX), edit, delete, move up or down.
 */

/** POST /services/{id}/faq: a question and answer at the end of the service's list (at most FAQS_MAX). */
export async function addFaq(ctx: DomainContext, serviceId: string, input: unknown): Promise<Faq> {
  const row = await ownedService(ctx, serviceId);
  const fields = parseInput(faqInput, input);
  const id = newId(ctx.now);
  // The count is checked in the insert itself, so two additions at once cannot pass the limit.
  const faq = await ctx.db
    .prepare(
      `INSERT INTO service_faqs (id, service_id, question, answer, position, created_at)
       SELECT ?1, ?2, ?3, ?4, coalesce((SELECT max(position) FROM service_faqs WHERE service_id = ?2), -1) + 1, ?5
       WHERE (SELECT count(*) FROM service_faqs WHERE service_id = ?2) < ?6
       RETURNING id, question, answer, position`,
    )
    .bind(id, row.id, fields.question, fields.answer, ctx.now, FAQS_MAX)
    .first<Faq>();
  if (!faq) throw new Invalid(SERVICE_MESSAGES.tooManyFaqs, { question: SERVICE_MESSAGES.tooManyFaqs });
  return faq;
}

/** POST /services/{id}/faq/{faqId}: a new wording for one of the service's questions. */
export async function updateFaq(ctx: DomainContext, serviceId: string, faqId: string, input: unknown): Promise<Faq> {
  const row = await ownedService(ctx, serviceId);
  const fields = parseInput(faqInput, input);
  const faq = await ctx.db
    .prepare("UPDATE service_faqs SET question = ?, answer = ? WHERE id = ? AND service_id = ? RETURNING id, question, answer, position")
    .bind(fields.question, fields.answer, faqId, row.id)
    .first<Faq>();
  if (!faq) throw new NotFound(SERVICE_MESSAGES.faqNotFound);
  return faq;
}

/** DELETE /services/{id}/faq/{faqId}. */
export async function deleteFaq(ctx: DomainContext, serviceId: string, faqId: string): Promise<void> {
  const row = await ownedService(ctx, serviceId);
  const result = await ctx.db.prepare("DELETE FROM service_faqs WHERE id = ? AND service_id = ?").bind(faqId, row.id).run();
  if (!result.meta.changes) throw new NotFound(SERVICE_MESSAGES.faqNotFound);
}

/** Moves a question one place up or down (the dashboard's arrows); positions are renumbered 0..n-1 in one batch. */
export async function moveFaq(ctx: DomainContext, serviceId: string, faqId: string, direction: "up" | "down"): Promise<Faq[]> {
  const row = await ownedService(ctx, serviceId);
  const { results } = await ctx.db
    .prepare("SELECT id, question, answer, position FROM service_faqs WHERE service_id = ? ORDER BY position, created_at")
    .bind(row.id)
    .all<Faq>();
  const from = results.findIndex((f) => f.id === faqId);
  if (from < 0) throw new NotFound(SERVICE_MESSAGES.faqNotFound);
  const to = direction === "up" ? from - 1 : from + 1;
  if (to < 0 || to >= results.length) return results;
  const order = [...results];
  [order[from], order[to]] = [order[to]!, order[from]!];
  await ctx.db.batch(order.map((f, i) => ctx.db.prepare("UPDATE service_faqs SET position = ? WHERE id = ? AND service_id = ?").bind(i, f.id, row.id)));
  return order.map((f, i) => ({ ...f, position: i }));
}
