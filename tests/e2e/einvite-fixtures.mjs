// The e-invite specs' couples, each with one card and its rendered picture (tests/e2e/einvite-paths.ts),
// made by tests/e2e/prepare.mjs before the server starts. The picture is an SVG stand-in for the
// JPEG the editor uploads.
import { EINVITE, EINVITE_ACCESS, EINVITE_CRAWL, EINVITE_HINDI } from "./einvite-paths.ts";

const PICTURE = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="840" viewBox="0 0 600 840">
<rect width="600" height="840" fill="#fff8ec"/><rect x="24" y="24" width="552" height="792" fill="none" stroke="#b4531b" stroke-width="6"/>
<text x="300" y="300" font-family="serif" font-size="64" fill="#b4531b" text-anchor="middle">Ananya</text>
<text x="300" y="380" font-family="serif" font-size="36" fill="#7a1f2b" text-anchor="middle">weds</text>
<text x="300" y="460" font-family="serif" font-size="64" fill="#b4531b" text-anchor="middle">Rohan</text>
<text x="300" y="600" font-family="serif" font-size="28" fill="#7a1f2b" text-anchor="middle">Jaipur · February 2027</text></svg>`;

/** @param {D1Database} DB @param {R2Bucket} MEDIA @param {string} hash @param {number} now */
export async function prepareEInvite(DB, MEDIA, hash, now) {
  const canvas = JSON.stringify({ version: "7.4.0", width: 600, height: 840, objects: [] });
  for (const c of [EINVITE, EINVITE_ACCESS, EINVITE_CRAWL, EINVITE_HINDI]) {
    await MEDIA.put(c.previewKey, PICTURE, { httpMetadata: { contentType: "image/svg+xml" } });
    await DB.batch([
      DB.prepare(
        "INSERT INTO users (id, email, password_hash, user_name, partner_name, wedding_city, role, is_verified, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'USER', 1, ?, ?)",
      ).bind(c.userId, c.email, hash, c.userName, c.partnerName, c.city, now, now),
      DB.prepare(
        "INSERT INTO user_templates (id, user_id, template_id, title, canvas, revision, preview_key, preview_updated_at, created_at, updated_at) VALUES (?, ?, 'tpl-marigold-classic', ?, ?, 1, ?, ?, ?, ?)",
      ).bind(c.cardId, c.userId, c.cardTitle, canvas, c.previewKey, now, now, now),
    ]);
  }
}
