import { z } from "zod";

/**
 * The one way every schema reads a number (issue 28, item 11), from a JSON number or a form's text:
 * " 12 " is 12, "1,00,000" and "4,999" are read without their commas, empty text is "not given"
 * (undefined: the field's default, or absent when it is optional), and anything else is left as it is for the number schema to refuse with the field's
 * message. `z.coerce.number()` read `true` as 1, `false`, `null` and `[]` as 0, so a JSON client's
 * `true` or `null` was stored as a price, a party size or a page; it is not used anywhere.
 */
export function numberFromText(v: unknown): unknown {
  if (typeof v !== "string") return v;
  const text = v.trim().replace(/,/g, "");
  return text === "" ? undefined : Number(text);
}

/**
 * A numeric field: `numeric(z.number({ error }).int(...).min(...).optional())`. Put `.optional()`,
 * `.default(...)` or `.nullable()` inside, so an empty form field reaches them as undefined.
 */
export const numeric = <T extends z.ZodType>(schema: T) => z.preprocess(numberFromText, schema);
