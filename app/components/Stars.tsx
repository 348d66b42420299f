import { m } from "#shared/paraglide/messages.js";
/** A 0-5 rating as stars, read out as "Rated 4.5 out of 5". */
export function Stars({ value, size = "text-base" }: { value: number; size?: string }) {
  const full = Math.round(value);
  return (
    <span role="img" aria-label={m.public_home_rated({ rating: value.toFixed(1) })} className={`inline-flex ${size} leading-none`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} aria-hidden="true" className={n <= full ? "text-marigold-500" : "text-ink/20"}>
          ★
        </span>
      ))}
    </span>
  );
}
