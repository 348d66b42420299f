import { readCookie } from "./cookies.ts";

/**
 * D1 read replication through the Sessions API (docs/deploy.md, "D1 read replicas"). Every request
 * talks to D1 through one session:
 * - a visitor's read (GET or HEAD without a session) starts "first-unconstrained": any replica may
 *   answer, as public pages show the same data to everyone; a visitor's write starts at the primary;
 *   neither sets a cookie;
 * - a signed-in request continues from the bookmark the browser carries (`mandap_bookmark`), or from the
 *   primary when it has none, so a couple always reads their own writes, and the answer carries the
 *   session's new bookmark.
 * With replication off (the default, and locally) every session reads the primary; nothing changes.
 * A runtime without `withSession` gets the database as it is.
 */
export const D1_BOOKMARK_COOKIE = "mandap_bookmark";
const BOOKMARK = /^[0-9a-f-]{1,128}$/i;

export type RequestDatabase = {
  /** The database for this request's domain context (a D1 session, shaped as the D1Database the domain uses). */
  db: D1Database;
  /** The Set-Cookie header that carries the session's bookmark, or null when this request needs none or it did not change. */
  bookmarkCookie: () => string | null;
};

export function databaseForRequest(d1: D1Database, request: Request, signedIn: boolean): RequestDatabase {
  if (typeof d1.withSession !== "function") return { db: d1, bookmarkCookie: () => null };
  // A visitor carries no bookmark (their answers stay free of cookies, so public pages can be cached
  // and a sign-up answers the same whether or not the address is known): reads from any replica,
  // writes from the primary. Their next signed-in request starts from the primary.
  if (!signedIn) {
    const read = request.method === "GET" || request.method === "HEAD";
    return { db: d1.withSession(read ? "first-unconstrained" : "first-primary") as unknown as D1Database, bookmarkCookie: () => null };
  }
  const carried = readCookie(request, D1_BOOKMARK_COOKIE);
  const start = carried && BOOKMARK.test(carried) ? carried : "first-primary";
  const session = d1.withSession(start);
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return {
    // A session has prepare and batch, all the domain calls on its database.
    db: session as unknown as D1Database,
    bookmarkCookie: () => {
      const bookmark = session.getBookmark();
      if (!bookmark || bookmark === carried || !BOOKMARK.test(bookmark)) return null;
      return `${D1_BOOKMARK_COOKIE}=${bookmark}; Path=/; Max-Age=86400; HttpOnly; SameSite=Lax${secure}`;
    },
  };
}
