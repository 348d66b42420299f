import { Fragment, type ReactNode } from "react";

/**
 * A message with elements in it ("Couples see this on {link}."): the message is rendered with a
 * marker for each named part, then split at the markers and the parts put in their places, so a
 * link, or a code that stays as typed (marked translate="no"), sits where each language's sentence
 * puts it.
 */
export function rich<K extends string>(message: (inputs: Record<K, string>) => string, parts: Record<K, ReactNode>): ReactNode {
  const keys = Object.keys(parts) as K[];
  const marker = (i: number) => `\uE000${i}\uE000`;
  const text = message(Object.fromEntries(keys.map((k, i) => [k, marker(i)])) as Record<K, string>);
  return text.split(/\uE000(\d+)\uE000/).map((piece, i) => <Fragment key={i}>{i % 2 ? parts[keys[Number(piece)]!] : piece}</Fragment>);
}
