import { spellingsOf } from "#shared/search-words.ts";

/**
 * Typed text matched against a few text columns without FTS5 (the template gallery, the guest
 * list, the admin searches). Never a LIKE or GLOB pattern built from input: D1 refuses patterns
 * over 50 bytes ("LIKE or GLOB pattern too complex", 17 Devanagari letters), so matching uses
 * instr(), which has no such limit (eslint.config.js refuses a new LIKE over a bound value).
 *
 * Every word of the text (letters, digits and combining marks; at most MAX_WORDS) must occur in
 * one of the columns: as typed anywhere (a part of a name, an e-mail or an id), or one of its
 * other spellings (shared/search-words.ts, the main search's groups: "mehndi" finds "Mehendi",
 * "bangalore" finds Bengaluru) at the start of a word. Text without any word ("%") must occur as
 * typed. Case is folded for ASCII (SQLite's lower()); scripts without case match as typed.
 * One bound value per word, whatever the number of columns or spellings (D1 binds at most 100).
 */
export const MAX_WORDS = 8;

/** Characters that start a new word besides a space ("Mehendi-Night", "Haldi/Mehndi", "Rao (Bengaluru)"). */
const WORD_BREAKS = ["-", "/", ",", "(", "."] as const;

export type TextMatch = { sql: string; binds: string[] };

/** The words a search looks for: lower case, split on anything but letters, digits and marks. */
export function searchWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, MAX_WORDS);
}

/** A WHERE condition (with its bound values) for typed text over `columns` (SQL expressions), or null for blank text. */
export function textMatch(columns: readonly string[], text: string | null | undefined): TextMatch | null {
  const typed = (text ?? "").trim().toLowerCase();
  if (!typed || !columns.length) return null;
  // One lower-cased haystack with a space before every column, so " word" finds a word start in any of them.
  const joined = `lower(${columns.map((c) => `coalesce(${c}, '')`).join(" || ' ' || ")})`;
  const hay = `(' ' || ${WORD_BREAKS.reduce((sql, ch) => `replace(${sql}, '${ch}', ' ')`, joined)})`;
  const words = searchWords(typed);
  if (!words.length) return { sql: `instr(${hay}, ?) > 0`, binds: [typed] };
  const sql = words.map(() => `EXISTS (SELECT 1 FROM json_each(?) w WHERE instr(${hay}, w.value) > 0)`).join(" AND ");
  // The word as typed anywhere; its other spellings after a space (a word start).
  const binds = words.map((w) =>
    JSON.stringify([
      w,
      ...spellingsOf(w)
        .filter((s) => s !== w)
        .map((s) => ` ${s}`),
    ]),
  );
  return { sql: `(${sql})`, binds };
}
