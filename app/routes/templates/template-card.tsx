import { Link } from "react-router";
import type { TemplateSummary } from "#domain/invitations/index.ts";
import { formatRupees } from "#shared/format.ts";
import { m } from "#shared/paraglide/messages.js";
import { MOOD_NAMES } from "./template-labels.ts";

/** The canonical page of a template. */
export const templatePath = (id: string) => `/guests/see-template/${encodeURIComponent(id)}`;

export const priceLabel = (t: Pick<TemplateSummary, "price" | "amountCategory">) =>
  t.amountCategory === "PAID" && t.price > 0 ? formatRupees(t.price) : m.public_templates_free();

/**
 * A template's thumbnail at its card's proportions (width/height from the template's size, so the
 * page never shifts as images arrive), or a neutral block with the name when none is uploaded yet.
 */
export function TemplateThumb({ t, eager, sizes, className = "" }: { t: TemplateSummary; eager: boolean; sizes: string; className?: string }) {
  const ratio = { aspectRatio: `${t.width} / ${t.height}` };
  if (!t.thumbnailUrl)
    return (
      <div
        style={ratio}
        className={`grid w-full place-items-center rounded-xl bg-[#f3ece2] p-3 text-center font-serif text-sm text-ink/80 ${className}`}
        data-testid="thumb-placeholder"
      >
        <span aria-hidden="true">{t.name}</span>
      </div>
    );
  return (
    <img
      src={t.thumbnailUrl}
      alt=""
      width={t.width}
      height={t.height}
      sizes={sizes}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      style={ratio}
      className={`block h-auto w-full rounded-xl bg-[#f3ece2] object-cover ${className}`}
    />
  );
}

/** One template in the gallery: thumbnail, name, price, mood, and "Owned" when the couple bought it. */
export function TemplateCard({ t, eager, headingLevel = 3 }: { t: TemplateSummary; eager: boolean; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="relative flex h-full flex-col gap-2 rounded-2xl border border-maroon-100 bg-white p-2 shadow-sm" data-testid="template-card">
      <TemplateThumb t={t} eager={eager} sizes="(min-width: 1024px) 280px, 45vw" />
      <div className="flex flex-1 flex-col gap-1 px-1 pb-1">
        <Heading className="text-base leading-snug font-semibold break-words text-maroon-800">
          <Link to={templatePath(t.id)} className="after:absolute after:inset-0 hover:underline" translate="no">
            {t.name}
          </Link>
        </Heading>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <span className="font-semibold" data-testid="template-price">
            {priceLabel(t)}
          </span>
          <span className="text-ink/70">{MOOD_NAMES[t.mood]()}</span>
          {t.owned && (
            <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900" data-testid="owned">
              {m.public_templates_owned()}
            </span>
          )}
        </p>
      </div>
    </article>
  );
}
