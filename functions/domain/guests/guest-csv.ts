/**
 * CSV for the guest list (RFC 4180): a small parser and writer, written here rather than taken
 * from a library because the list needs only this much (docs/decisions/0022-guests-and-rsvp.md).
 * Parsing accepts commas or semicolons (a spreadsheet in some locales), quoted fields with "" for
 * a quote and line breaks inside quotes, CRLF or LF, and a UTF-8 byte-order mark. Writing quotes
 * every field that needs it and defuses spreadsheet formulas.
 */

/** Rows of fields; a trailing empty line is no row. Throws on an unterminated quote. */
export function parseCsv(text: string): string[][] {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const firstLine = src.slice(0, src.search(/\r?\n|$/));
  const delimiter = !firstLine.includes(",") && firstLine.includes(";") ? ";" : ",";
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        continue;
      }
      field += c;
      i += 1;
      continue;
    }
    if (c === '"' && field === "") {
      quoted = true;
    } else if (c === delimiter) {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      if (c === "\r" && src[i + 1] === "\n") i += 1;
    } else {
      field += c;
    }
    i += 1;
  }
  if (quoted) throw new Error("A quoted field is not closed.");
  if (field !== "" || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** Cells a spreadsheet would run as a formula: prefixed with an apostrophe (OWASP's CSV injection advice). */
export function defuse(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** Undoes `defuse` on import, so an exported list imports as it was. */
export function undefuse(value: string): string {
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

function quote(value: string): string {
  return /[",\r\n;]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** CSV text (CRLF line ends) with every cell defused. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((r) => r.map((v) => quote(defuse(v))).join(",")).join("\r\n") + "\r\n";
}
