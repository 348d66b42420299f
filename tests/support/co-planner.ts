import { env } from "cloudflare:workers";
import { call, createUser, sessionCookieFor } from "./factories.ts";

export type SignedInMember = { id: string; cookie: string };

/**
 * A couple (Asha Verma) and the bride's mother (Meena Verma), an editor of the areas named in the
 * couple's wedding, which becomes her current one (issue 33, decision 0049): the couple's wedding
 * is made the way the product makes it (their first planning read), the mother's place in it is
 * one wedding_members row. `seesContacts`: whether she may read guests' phone numbers and e-mail.
 */
export async function coupleAndMother(opts: { areas: string; seesContacts: boolean }): Promise<{
  couple: SignedInMember;
  mother: SignedInMember;
  weddingId: string;
}> {
  const couple = await createUser({ role: "USER", userName: "Asha Verma" });
  const mother = await createUser({ role: "USER", userName: "Meena Verma" });
  const c = { id: couple.id, cookie: await sessionCookieFor(couple.id) };
  const mum = { id: mother.id, cookie: await sessionCookieFor(mother.id) };
  await call("/api/v1/checklist/get", { cookie: c.cookie });
  const wedding = await env.DB.prepare("SELECT id FROM weddings WHERE couple_user_id = ?").bind(couple.id).first<{ id: string }>();
  if (!wedding) throw new Error("the couple's first planning read made no wedding");
  const now = Date.now();
  await env.DB.prepare(
    "INSERT INTO wedding_members (wedding_id, user_id, role, areas, sees_contacts, opened_at, added_by, created_at, updated_at) VALUES (?, ?, 'EDITOR', ?, ?, ?, ?, ?, ?)",
  )
    .bind(wedding.id, mother.id, opts.areas, opts.seesContacts ? 1 : 0, now + 1000, couple.id, now, now)
    .run();
  return { couple: c, mother: mum, weddingId: wedding.id };
}
