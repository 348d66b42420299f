#!/usr/bin/env node
// Loads the demo data into the local D1 and R2 (the same state `npm start` serves).
//   npm run db:seed                      demo data (2,000 services) if the database is empty
//   npm run db:seed -- --services 100000 a bigger catalogue for benchmarks (replaces the data), written straight into
//                                        the local D1's SQLite file (scripts/seed-direct.mjs): stop any server on that state first
//   npm run db:seed -- --services 400 --through-d1   the same catalogue through the platform proxy, as the demo loads
//   npm run db:seed -- --reset           wipe and reload
//   npm run db:seed -- --templates 500   the invitation gallery filled to 500 templates (copies of the demo designs, for benchmarks)
//   npm run db:seed -- --users 50000     accounts filled up to 50,000 (couples who never logged in, for the admin search bench)
// Options: --seed N (default 20261122), --state DIR (default .wrangler/state, or MANDAP_STATE).
import { parseArgs } from "node:util";
import { getPlatformProxy } from "wrangler";
import { DEFAULT_SEED, DEFAULT_SERVICES, DEMO_ACCOUNTS, DEMO_NOW, demoImages, demoPlans, generateDemoData } from "#db/seed/generator.ts";
import { artworkSvg, logoSvg } from "#db/seed/images.ts";
import { withFirstPageCovers } from "#db/seed/covers.ts";
import { existsSync, readFileSync } from "node:fs";
import { benchTemplateRows, demoTemplateRows, demoTemplates, thumbnailFileOf } from "#db/seed/invite-templates.ts";
import { hashPassword } from "#platform/password.ts";
import { DEMO_PASSWORDS } from "#db/seed/demo-passwords.ts";
import { DEMO_BLOG_COMMENTS, DEMO_BLOG_POSTS, DEMO_BLOG_TAGS, blogCoverSvg } from "#db/seed/blog-posts.ts";
import { slugify } from "#shared/slug.ts";
import { loadCatalogueDirect, localD1File } from "./seed-direct.mjs";

const { values } = parseArgs({
  options: {
    services: { type: "string" },
    seed: { type: "string" },
    reset: { type: "boolean", default: false },
    state: { type: "string" },
    quiet: { type: "boolean", default: false },
    templates: { type: "string" },
    users: { type: "string" },
    "through-d1": { type: "boolean", default: false },
  },
});
const services = values.services ? Number(values.services) : DEFAULT_SERVICES;
const seed = values.seed ? Number(values.seed) : DEFAULT_SEED;
if (!Number.isInteger(services) || services < 1) throw new Error("--services must be a positive whole number");
const templateTotal = values.templates === undefined ? null : Number(values.templates);
if (templateTotal !== null && (!Number.isInteger(templateTotal) || templateTotal < 1)) throw new Error("--templates must be a positive whole number");
const userTotal = values.users === undefined ? null : Number(values.users);
if (userTotal !== null && (!Number.isInteger(userTotal) || userTotal < 1 || userTotal > 1_000_000))
  throw new Error("--users must be a whole number from 1 to 1,000,000");
const statePath = values.state ?? process.env.MANDAP_STATE ?? ".wrangler/state";
const log = values.quiet ? () => {} : (...a) => console.log(...a);

// Tables the generator fills, children first for deletes.
// Plans go last: deleting the users removed the subscriptions that point at them.
/** From this many services on, the load drops and rebuilds the secondary indexes (below). */
const BULK_SERVICES = 100_000;
const TABLES = ["reviews", "service_faqs", "service_media", "services", "vendors", "sessions", "auth_tokens", "users", "plans"];

const sqlValue = (v) => (v === null || v === undefined ? "NULL" : typeof v === "number" ? String(v) : `'${String(v).replace(/'/g, "''").replace(/\n/g, " ")}'`);

// D1 refuses statements over 100 KB, so multi-row INSERTs are cut at about 90 KB.
function insertStatements(table, rows, maxBytes = 90_000) {
  const out = [];
  if (!rows.length) return out;
  const cols = Object.keys(rows[0]);
  const head = `INSERT INTO ${table} (${cols.join(",")}) VALUES `;
  let values = [];
  let size = head.length;
  for (const r of rows) {
    const tuple = `(${cols.map((c) => sqlValue(r[c])).join(",")})`;
    if (values.length && size + tuple.length + 1 > maxBytes) {
      out.push(`${head}${values.join(",")};`);
      values = [];
      size = head.length;
    }
    values.push(tuple);
    size += tuple.length + 1;
  }
  if (values.length) out.push(`${head}${values.join(",")};`);
  return out;
}

const started = Date.now();
// A bench catalogue (--services) goes straight into the SQLite file before the platform proxy opens it.
const direct = values.services !== undefined && !values["through-d1"];
if (direct) {
  const file = localD1File(statePath);
  if (!file)
    throw new Error(`${statePath} has no local D1 yet: apply the migrations first (wrangler d1 migrations apply DB --local --persist-to ${statePath})`);
  log(`Generating ${services.toLocaleString("en-IN")} services (seed ${seed}) into ${file}…`);
  const generated = generateDemoData({ seed, services, now: DEMO_NOW });
  const passwords = [];
  for (const [key, account] of Object.entries(DEMO_ACCOUNTS)) passwords.push({ email: account.email, hash: await hashPassword(DEMO_PASSWORDS[key]) });
  const rows = loadCatalogueDirect(file, services >= BULK_SERVICES ? generated : withFirstPageCovers(generated), { tables: TABLES, passwords, log });
  log(`Inserted ${rows.toLocaleString("en-IN")} rows in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
const proxy = await getPlatformProxy({ persist: { path: `${statePath}/v3` } });
try {
  const { DB, MEDIA } = proxy.env;
  const existing = await DB.prepare("SELECT count(*) AS n FROM services").first("n");
  const replace = values.reset || values.services !== undefined || values.seed !== undefined;
  if (existing > 0 && !replace) {
    log(`Demo data already loaded (${existing} services); use --reset to reload.`);
    // A database seeded before plans existed gets the demo plans (never over an admin's own).
    if ((await DB.prepare("SELECT count(*) AS n FROM plans").first("n")) === 0) {
      for (const stmt of insertStatements("plans", demoPlans(DEMO_NOW))) await DB.exec(stmt);
      log("Added the demo plans.");
    }
  } else if (!direct) {
    if (existing > 0) {
      log("Removing the existing data…");
      for (const t of TABLES) await DB.exec(`DELETE FROM ${t};`);
      // The development mailbox (/dev/mailbox) reads the outbox: mail to the accounts just removed
      // (sign-up links, resets, enquiries) would otherwise greet the reloaded demo.
      await DB.exec("DELETE FROM outbox;");
    }
    log(`Generating ${services.toLocaleString("en-IN")} services (seed ${seed})…`);
    // A big catalogue loads with the filled tables' secondary indexes dropped and built again after:
    // kept, every row lands at a random place in some twenty indexes, and a million services took
    // hours instead of minutes. Triggers (search index, page cache version) stay and run per row.
    const bulk = services >= BULK_SERVICES;
    const indexes = bulk
      ? (
          await DB.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${TABLES.map(() => "?").join(",")})`)
            .bind(...TABLES)
            .all()
        ).results
      : [];
    for (const index of indexes) await DB.prepare(`DROP INDEX "${index.name}"`).run();
    let rows = 0;
    let buffer = [];
    let bufferSize = 0;
    const flush = async () => {
      if (!buffer.length) return;
      await DB.exec(buffer.join("\n"));
      buffer = [];
      bufferSize = 0;
    };
    // The demo's covers are chosen so that no first page shows a picture twice (db/seed/covers.ts);
    // a benchmark's catalogue streams as generated.
    const generated = generateDemoData({ seed, services, now: DEMO_NOW });
    for (const chunk of bulk ? generated : withFirstPageCovers(generated)) {
      for (const stmt of insertStatements(chunk.table, chunk.rows)) {
        buffer.push(stmt);
        bufferSize += stmt.length;
        if (bufferSize > 2_000_000) await flush();
      }
      rows += chunk.rows.length;
    }
    await flush();
    if (indexes.length) log(`Building ${indexes.length} indexes again…`);
    for (const index of indexes) await DB.prepare(index.sql).run();
    for (const [key, account] of Object.entries(DEMO_ACCOUNTS)) {
      await DB.prepare("UPDATE users SET password_hash = ? WHERE email = ?")
        .bind(await hashPassword(DEMO_PASSWORDS[key]), account.email)
        .run();
    }
    log(`Inserted ${rows.toLocaleString("en-IN")} rows in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }
  // The invitation gallery's demo templates (issue 13): loaded when the gallery is empty, reloaded
  // by --reset; their thumbnails (rendered by scripts/render-template-thumbnails.mjs, committed) go
  // to R2 at templates/{id}/thumb.webp. --templates N adds copies of the designs up to N in all.
  if (values.reset) await DB.exec("DELETE FROM invite_templates;");
  const demoRows = demoTemplateRows(DEMO_NOW);
  const galleryIds = (await DB.prepare("SELECT id FROM invite_templates").all()).results.map((r) => r.id);
  if (galleryIds.length === 0) {
    for (const stmt of insertStatements("invite_templates", demoRows)) await DB.exec(stmt);
    log(`Added ${demoRows.length} invitation templates.`);
  } else if (galleryIds.every((id) => demoRows.some((r) => r.id === id)) && galleryIds.length < demoRows.length) {
    // A gallery seeded before the full demo set (only some demo designs, no thumbnails, nothing of
    // an admin's own): add the missing designs and bring the old rows up to date.
    for (const r of demoRows.filter((row) => galleryIds.includes(row.id))) {
      await DB.prepare(
        "UPDATE invite_templates SET canvas = ?, width = ?, height = ?, description = ?, tags = ?, thumbnail_key = ? WHERE id = ? AND thumbnail_key IS NULL",
      )
        .bind(r.canvas, r.width, r.height, r.description, r.tags, r.thumbnail_key, r.id)
        .run();
    }
    const missing = demoRows.filter((row) => !galleryIds.includes(row.id));
    for (const stmt of insertStatements("invite_templates", missing)) await DB.exec(stmt);
    log(`Added ${missing.length} invitation templates.`);
  }
  if (templateTotal !== null) {
    const before = await DB.prepare("SELECT count(*) AS n FROM invite_templates").first("n");
    const copies = benchTemplateRows(templateTotal, DEMO_NOW);
    for (const stmt of insertStatements("invite_templates", copies)) await DB.exec(stmt.replace(/^INSERT INTO/, "INSERT OR IGNORE INTO"));
    const after = await DB.prepare("SELECT count(*) AS n FROM invite_templates").first("n");
    log(`Invitation gallery: ${after} templates (${after - before} copies added for --templates ${templateTotal}).`);
  }
  let thumbnails = 0;
  for (const t of demoTemplates()) {
    if (!t.thumbnailKey || (!values.reset && (await MEDIA.head(t.thumbnailKey)))) continue;
    const file = thumbnailFileOf(t.id);
    if (!existsSync(file)) throw new Error(`${file} is missing: render it with node scripts/render-template-thumbnails.mjs`);
    await MEDIA.put(t.thumbnailKey, readFileSync(file), { httpMetadata: { contentType: "image/webp" } });
    thumbnails++;
  }
  if (thumbnails) log(`Uploaded ${thumbnails} template thumbnails to local R2.`);
  // The demo blog (issue 14): loaded when there are no posts, reloaded by --reset. Written with bound
  // statements (the bulk INSERTs above flatten new lines, and Markdown needs them). Covers go to R2 at
  // blog/demo/{urlTitle}.svg. Views start at 0: they count real readers only.
  if (replace) await DB.exec("DELETE FROM blog_posts; DELETE FROM blog_tags;");
  if ((await DB.prepare("SELECT count(*) AS n FROM blog_posts").first("n")) === 0) {
    const authorId = (await DB.prepare("SELECT id FROM users WHERE email = ?").bind(DEMO_ACCOUNTS.admin.email).first("id")) ?? null;
    const readers = (await DB.prepare("SELECT id FROM users WHERE role = 'USER' ORDER BY email LIMIT 6").all()).results.map((r) => r.id);
    const day = 86_400_000;
    const statements = DEMO_BLOG_TAGS.map((name) =>
      DB.prepare("INSERT INTO blog_tags (id, name, slug) VALUES (?, ?, ?)").bind(`blog-tag-${slugify(name)}`, name, slugify(name)),
    );
    DEMO_BLOG_POSTS.forEach((post, i) => {
      const id = `blog-demo-${String(i + 1).padStart(2, "0")}`;
      const publishedAt = post.daysAgo === null ? null : DEMO_NOW - post.daysAgo * day + 9 * 3_600_000;
      const created = (publishedAt ?? DEMO_NOW) - 3 * day;
      const comments = DEMO_BLOG_COMMENTS.filter((c) => c.urlTitle === post.urlTitle && readers.length);
      const likers = post.daysAgo !== null && post.daysAgo > 0 ? readers.slice(0, (i % readers.length) + 1) : [];
      statements.push(
        DB.prepare(
          `INSERT INTO blog_posts (id, author_id, title, url_title, excerpt, content, cover_image_key, status, featured, view_count, like_count, comment_count, published_at, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, 0, ?, ?, ?, ?, ?)`,
        ).bind(
          id,
          authorId,
          post.title,
          post.urlTitle,
          post.excerpt,
          post.content,
          `blog/demo/${post.urlTitle}.svg`,
          post.daysAgo === null ? "DRAFT" : "PUBLISHED",
          likers.length,
          comments.length,
          publishedAt,
          created,
          publishedAt ?? created,
        ),
        ...post.tags.map((name) => DB.prepare("INSERT INTO blog_post_tags (post_id, tag_id) VALUES (?, ?)").bind(id, `blog-tag-${slugify(name)}`)),
        ...likers.map((userId) => DB.prepare("INSERT INTO blog_likes (post_id, user_id, created_at) VALUES (?, ?, ?)").bind(id, userId, publishedAt + day)),
        ...comments.map((c, n) =>
          DB.prepare("INSERT INTO blog_comments (id, post_id, user_id, content, created_at) VALUES (?, ?, ?, ?, ?)").bind(
            `${id}-c${n}`,
            id,
            readers[(i + n) % readers.length],
            c.content,
            publishedAt + 2 * day,
          ),
        ),
      );
    });
    await DB.batch(statements);
    log(`Added ${DEMO_BLOG_POSTS.length} blog posts.`);
  }
  // --users N: plain couple accounts (no password, so nobody can log in to them) up to N accounts in all.
  if (userTotal !== null) {
    const before = await DB.prepare("SELECT count(*) AS n FROM users").first("n");
    for (let from = before; from < userTotal; from += 5000) {
      const upTo = Math.min(userTotal, from + 5000);
      await DB.prepare(
        `WITH RECURSIVE k(i) AS (SELECT ?1 UNION ALL SELECT i + 1 FROM k WHERE i < ?2)
         INSERT OR IGNORE INTO users (id, email, user_name, role, is_verified, created_at, updated_at)
         SELECT 'bench-user-' || i, 'bench.couple.' || i || '@example.com', 'Bench Couple ' || i, 'USER', i % 3 = 0, ?3 - i * 60000, ?3 FROM k`,
      )
        .bind(from + 1, upTo, DEMO_NOW)
        .run();
    }
    log(`Accounts: ${(await DB.prepare("SELECT count(*) AS n FROM users").first("n")).toLocaleString("en-IN")} (--users ${userTotal}).`);
  }
  let covers = 0;
  for (const post of DEMO_BLOG_POSTS) {
    const key = `blog/demo/${post.urlTitle}.svg`;
    if (!values.reset && (await MEDIA.head(key))) continue;
    await MEDIA.put(key, blogCoverSvg(post), { httpMetadata: { contentType: "image/svg+xml" } });
    covers++;
  }
  if (covers) log(`Uploaded ${covers} blog covers to local R2.`);
  let uploaded = 0;
  for (const image of demoImages()) {
    if (await MEDIA.head(image.key)) continue;
    const body = image.logo ? logoSvg(image.variant) : artworkSvg(image.label, image.variant);
    await MEDIA.put(image.key, body, { httpMetadata: { contentType: "image/svg+xml" } });
    uploaded++;
  }
  if (uploaded) log(`Uploaded ${uploaded} demo images to local R2.`);
} finally {
  await proxy.dispose();
}
