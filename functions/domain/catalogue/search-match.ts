import { searchTerms, spellingsOf } from "#shared/search-words.ts";

/**
 * What typed text matches in the full-text index (services_fts): each word a group of forms (the
 * word and, with `spellings`, its other spellings), every form standing for the words that start
 * with it. FTS5 answers a prefix term ("wedding"*) by merging the whole list of listings of every
 * term that starts with it before the first row comes out (638 ms at a million services, 1.5 ms for
 * the exact term), so a search matches each form as the index's own terms that start with it, read
 * from search_terms (migrations/0167), which FTS5 walks lazily from the newest listing
 * (docs/decisions/0058-search-reads-its-keys.md).
 */

/**
 * The most terms a typed word stands for: the most used of those that start with it (with its
 * spellings, of all of them together). The cost of a text search grows with the terms it ORs (FTS5
 * reads up to TEXT_MATCH_CAP entries of each); 16 holds every word of four letters or more of the
 * bench's catalogue and every spelling group of shared/search-words.ts whole, and cuts only a word
 * of one letter (a prefix of hundreds of terms in real listings), whose rarer completions are dropped.
 */
export const TERMS_PER_WORD = 16;

/**
 * Prefix lengths the index keeps a list of listings for (`prefix = '2 3'`, migrations/0138): a form
 * of two or three letters is one list already, and stays a prefix term.
 */
const INDEXED_PREFIXES = new Set([2, 3]);

/**
 * Combining marks the index's tokenizer (unicode61, remove_diacritics 2) keeps inside a word and
 * then drops (SQLite's sqlite3Fts5UnicodeIsdiacritic, checked code point by code point); every other
 * mark separates words there, as Devanagari vowel signs do ("जयपुर" is indexed as "जयप" and "र").
 */
const DIACRITICS = new Set([
  0x300, 0x301, 0x302, 0x303, 0x304, 0x306, 0x307, 0x308, 0x309, 0x30a, 0x30b, 0x30c, 0x30f, 0x311, 0x31b, 0x323, 0x324, 0x325, 0x326, 0x327, 0x328, 0x32d,
  0x32e, 0x330, 0x331,
]);
const TOKEN_CHAR = /[\p{L}\p{N}\p{Co}]/u;
const LATIN = /\p{Script=Latin}/u;
/**
 * Terms this module folds as the tokenizer does for certain: ASCII letters and digits (Latin letters
 * with accents fold to them) and Devanagari letters and digits (U+0978 is a letter only since Unicode
 * 7, after SQLite's tables). A form whose last word has other letters stays a prefix term, as before.
 */
const knownTerm = (term: string) => [...term].every((ch) => /[a-z0-9]/.test(ch) || (ch >= "\u0900" && ch <= "\u097f" && ch !== "\u0978"));

/** The index's terms for `text`, as the tokenizer makes them: lower case, Latin accents dropped, split where it splits. */
export function indexTerms(text: string): string[] {
  const terms: string[] = [];
  let term = "";
  for (const ch of text) {
    if (DIACRITICS.has(ch.codePointAt(0) ?? 0)) continue;
    if (TOKEN_CHAR.test(ch)) {
      const lower = ch.toLowerCase();
      term += LATIN.test(ch) ? lower.normalize("NFD").replace(/[\u0300-\u036f]/g, "") : lower;
    } else if (term) {
      terms.push(term);
      term = "";
    }
  }
  if (term) terms.push(term);
  return terms;
}

/** The words of typed text, each with the forms it stands for (itself first). */
function wordForms(text: string, spellings: boolean): (readonly string[])[] {
  return searchTerms(text, { keepConnecting: !spellings }).map((w) => (spellings ? spellingsOf(w) : [w]));
}

/** Groups of FTS5 phrases as one query: a group's phrases ORed, the groups all required. */
function render(groups: string[][], spellings: boolean): string {
  return (
    groups
      .map((phrases) => (phrases.length > 1 ? `(${phrases.join(" OR ")})` : phrases[0]))
      // FTS5 accepts an implicit AND only between phrases: a group needs the explicit operator.
      .join(spellings ? " AND " : " ")
  );
}

/**
 * Turns typed text into an FTS5 query with every form a prefix term, quotes and every other operator
 * character stripped. Combining marks stay in their word (Devanagari vowel signs). With
 * `spellings`, a word also matches the other spellings of its group (shared/search-words.ts:
 * "lahenga" finds lehengas, "pundit" pandits, "bangalore" Bengaluru; a Hindi word in Devanagari
 * its Latin words, "जयपुर" Jaipur, "मेहंदी" mehndi), and connecting words ("in", "में") are left out.
 * `textMatch` below answers the same query with exact terms.
 */
export function ftsQuery(text: string, { spellings = false } = {}): string | null {
  const words = wordForms(text, spellings);
  if (!words.length) return null;
  return render(
    words.map((forms) => forms.map((f) => `"${f}"*`)),
    spellings,
  );
}

/** A form's last word, to be read from search_terms; null when it stays a prefix term. */
function lookedUp(form: string): { head: string; last: string } | null {
  const terms = indexTerms(form);
  const last = terms.at(-1);
  if (!last || INDEXED_PREFIXES.has([...last].length) || !knownTerm(last)) return null;
  return { head: terms.slice(0, -1).join(" "), last };
}

/**
 * Typed text as an SQL expression whose value is the FTS5 query of exact terms, for `MATCH` in the
 * search's own statement (no round trip before it): each word's group ORs the (at most
 * TERMS_PER_WORD) most used terms of search_terms that start with any of its forms, each form's terms
 * a range of the table's key (U+10FFFF sorts after every other character). A form of two or three
 * letters, or in a script this module cannot fold for certain, stays a prefix term (`ftsQuery`). A
 * word with no term and no prefix form makes the value NULL: the caller matches nothing then,
 * without FTS5 reading any list, as the word's prefix term matched nothing. Null when the text has no
 * words. The words go in as one JSON value (json_each), not one statement per word: D1 refuses a
 * compound SELECT of more than a few parts.
 */
export function textMatch(text: string, { spellings = false } = {}): { sql: string; bind: string } | null {
  const words = wordForms(text, spellings);
  if (!words.length) return null;
  const groups = words.map((forms) => {
    const prefixes: string[] = [];
    const looked: [string, string][] = [];
    for (const form of forms) {
      const l = lookedUp(form);
      if (l) looked.push([l.head ? `${l.head} ` : "", l.last]);
      else prefixes.push(`"${form}"*`);
    }
    return { prefix: prefixes.length ? prefixes.join(" OR ") : null, forms: looked };
  });
  // Each word's exact terms once (MATERIALIZED: SQLite would otherwise copy the subquery into every
  // place the outer query names it), then its group: prefix terms and exact terms ORed.
  const exact = `SELECT group_concat(phrase, ' OR ') FROM (
      SELECT '"' || (f.value ->> 0) || t.term || '"' AS phrase FROM json_each(g.value, '$.forms') f
      CROSS JOIN search_terms t ON t.term >= (f.value ->> 1) AND t.term < (f.value ->> 1) || char(1114111)
      GROUP BY phrase ORDER BY max(t.uses) DESC LIMIT ${TERMS_PER_WORD})`;
  return {
    sql: `(WITH word AS MATERIALIZED (SELECT g.value ->> '$.prefix' AS p, (${exact}) AS x FROM json_each(?) g)
      SELECT CASE WHEN count(*) = count(coalesce(p, x)) THEN group_concat('(' || coalesce(p || ' OR ' || x, p, x) || ')', ' AND ') END FROM word)`,
    bind: JSON.stringify(groups),
  };
}
