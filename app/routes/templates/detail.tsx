import { canonicalLink } from "#app/lib/canonical.ts";
import { data, Link } from "react-router";
import type { Route } from "./+types/detail";
import { appContext } from "#functions/page-context.ts";
import { loadOrRespond, pagePath } from "#app/lib/page-errors.server.ts";
import { getTemplate, recordTemplateView } from "#domain/invitations/index.ts";
import { can } from "#domain/core/index.ts";
import { formatRupees } from "#shared/format.ts";
import { loginPath } from "#shared/links.ts";
import { pageTitle } from "#shared/strings.ts";
import { rich } from "#app/components/rich.tsx";
import { ALWAYS_EDITABLE, PLACEHOLDER_LABELS } from "#shared/template-schemas.ts";
import { m } from "#shared/paraglide/messages.js";
import { priceLabel, TemplateThumb, templatePath } from "./template-card.tsx";
import { MOOD_NAMES, REQUIREMENT_NAMES } from "./template-labels.ts";

/** What a template lets the couple change, as the domain words it (English), in the page's language. */
const EDITABLE_NAMES: Record<string, () => string> = {
  [PLACEHOLDER_LABELS.heading]: m.public_template_placeholder_heading,
  [PLACEHOLDER_LABELS.subheading]: m.public_template_placeholder_subheading,
  [PLACEHOLDER_LABELS.brideName]: m.public_template_placeholder_bride,
  [PLACEHOLDER_LABELS.groomName]: m.public_template_placeholder_groom,
  [PLACEHOLDER_LABELS.eventDate]: m.public_template_placeholder_date,
  [PLACEHOLDER_LABELS.time]: m.public_template_placeholder_time,
  [PLACEHOLDER_LABELS.location]: m.public_template_placeholder_venue,
  [PLACEHOLDER_LABELS.description]: m.public_template_placeholder_message,
  [PLACEHOLDER_LABELS.functions]: m.public_template_placeholder_functions,
  [ALWAYS_EDITABLE]: m.public_template_always_editable,
};
export const editableName = (label: string) => EDITABLE_NAMES[label]?.() ?? label;

/**
 * A template's page (issue 13). /guests/see-template/{id} is the canonical page; /preview?template={id}
 * shows the same; /preview_1?template={id} is the card alone, as large as the screen allows. The
 * detail shows the price, the designer, tags, what the couple can change, and the one next step:
 * use it (free or owned), buy it (paid), or log in first. Opening it as a couple records the view
 * (the same domain function as POST /templateWatchHistory/{id}). Unknown, draft and archived
 * templates are the not-found page (admins see every status).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  const url = new URL(request.url);
  const id = params.template ?? url.searchParams.get("template") ?? "";
  if (!id) throw data(null, { status: 404 });
  const template = await loadOrRespond(request, () => getTemplate(domain, id));
  const fullScreen = pagePath(request) === "/preview_1";
  const isCouple = can.planWedding(domain.actor);
  if (isCouple && !fullScreen) {
    try {
      await recordTemplateView(domain, template.id);
    } catch (e) {
      // History is a convenience: the page shows whatever happens to it.
      console.error("recording a template view failed", e);
    }
  }
  const { canvas: _canvas, ...shown } = template;
  return {
    template: shown,
    fullScreen,
    signedIn: Boolean(domain.actor),
    isCouple,
    origin: url.origin,
    here: pagePath(request, { search: true }),
  };
}

type Data = Awaited<ReturnType<typeof loader>>;

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const d = loaderData as Data | undefined;
  if (!d) return [{ title: pageTitle("Page not found") }];
  const t = d.template;
  const what = m.public_template_what({ mood: MOOD_NAMES[t.mood]().toLowerCase() });
  return [
    { title: pageTitle(`${t.name}: ${what}`) },
    {
      name: "description",
      content: m
        .public_template_description({
          name: t.name,
          what,
          by: t.designer ? m.public_template_by({ designer: t.designer }) : "",
          price: t.amountCategory === "PAID" ? formatRupees(t.price) : m.public_templates_free(),
          editable: t.editable.map(editableName).join(", "),
        })
        .slice(0, 300),
    },
    canonicalLink(d.origin, templatePath(t.id)),
    ...(t.thumbnailUrl ? [{ property: "og:image", content: `${d.origin}${t.thumbnailUrl}` }] : []),
    ...(t.status !== "PUBLISHED" || d.fullScreen ? [{ name: "robots", content: "noindex" }] : []),
  ];
};

/** The one next step for whoever is looking. */
function Action({ d }: { d: Data }) {
  const t = d.template;
  const paid = t.amountCategory === "PAID" && t.price > 0;
  const editor = `/editor?template=${encodeURIComponent(t.id)}`;
  if (!d.signedIn)
    return (
      <div className="grid gap-2">
        <Link to={loginPath(d.here)} className="btn-primary px-6 py-3 text-base" data-testid="template-action">
          {paid ? m.public_template_login_buy({ price: formatRupees(t.price) }) : m.public_template_login_use()}
        </Link>
        <p className="text-sm text-ink/70">{m.public_template_come_back()}</p>
      </div>
    );
  if (!d.isCouple) return <p className="rounded-lg bg-ink/5 px-3 py-2 text-sm">{m.public_template_couples_only()}</p>;
  if (!t.locked)
    return (
      <Link to={editor} className="btn-primary px-6 py-3 text-base" data-testid="template-action">
        {m.public_template_use()}
      </Link>
    );
  return (
    <div className="grid gap-2">
      <Link to={`/payment?template=${encodeURIComponent(t.id)}`} className="btn-primary px-6 py-3 text-base" data-testid="template-action">
        {m.public_template_buy({ price: formatRupees(t.price) })}
      </Link>
      <p className="text-sm text-ink/70">{m.public_template_one_time()}</p>
    </div>
  );
}

function FullScreen({ d }: { d: Data }) {
  const t = d.template;
  return (
    <div className="fixed inset-0 z-50 flex flex-col bg-ink text-white">
      <div className="flex items-center justify-between gap-3 px-4 py-3">
        <h1 className="truncate text-base font-semibold" translate="no">
          {t.name}
        </h1>
        <Link to={templatePath(t.id)} className="rounded-full border border-white/60 px-4 py-2 text-sm font-semibold hover:bg-white/10">
          {m.public_template_close()}
          <span className="sr-only">{m.public_template_close_what()}</span>
        </Link>
      </div>
      <div className="grid min-h-0 flex-1 place-items-center p-3">
        {t.thumbnailUrl ? (
          <img
            src={t.thumbnailUrl}
            alt={m.public_template_card_alt({ name: t.name })}
            width={t.width}
            height={t.height}
            className="max-h-full max-w-full object-contain"
            data-testid="full-preview"
          />
        ) : (
          <p className="text-white/80">{m.public_template_not_ready()}</p>
        )}
      </div>
    </div>
  );
}

export default function TemplateDetail({ loaderData }: Route.ComponentProps) {
  const d = loaderData;
  if (d.fullScreen) return <FullScreen d={d} />;
  const t = d.template;
  return (
    <div className="container-page py-6 md:py-10">
      <nav aria-label={m.public_browse_breadcrumb()} className="text-sm text-ink/70">
        <Link to="/templates" className="underline-offset-4 hover:text-maroon-700 hover:underline">
          {m.public_template_breadcrumb_home()}
        </Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page" translate="no">
          {t.name}
        </span>
      </nav>
      <div className="mt-4 grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] md:gap-10">
        <div className="mx-auto w-full max-w-[480px]">
          <Link
            to={`/preview_1?template=${encodeURIComponent(t.id)}`}
            className="block"
            aria-label={m.public_template_view_full({ name: t.name })}
            translate="no"
          >
            <TemplateThumb t={t} eager sizes="(min-width: 768px) 480px, 92vw" className="shadow-md" />
          </Link>
          <p className="mt-2 text-center text-sm">
            <Link to={`/preview_1?template=${encodeURIComponent(t.id)}`} className="text-maroon-700 underline underline-offset-4">
              {m.public_template_view_full_link()}
            </Link>
          </p>
        </div>
        <div className="flex flex-col gap-4">
          <div>
            <h1 className="text-3xl font-bold break-words text-maroon-700" translate="no">
              {t.name}
            </h1>
            {t.designer && <p className="mt-1 text-ink/75">{rich(m.public_template_designed_by, { designer: <span translate="no">{t.designer}</span> })}</p>}
          </div>
          <p className="flex flex-wrap items-center gap-2">
            <span className="text-2xl font-bold" data-testid="template-price">
              {priceLabel(t)}
            </span>
            {t.owned && <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">{m.public_templates_owned()}</span>}
            {t.status !== "PUBLISHED" && (
              <span className="rounded-full bg-ink/10 px-2 py-0.5 text-xs font-semibold">
                {t.status === "DRAFT" ? m.public_template_draft() : m.public_template_archived()}
              </span>
            )}
          </p>
          {t.description && (
            <p className="break-words text-ink/85" translate="no">
              {t.description}
            </p>
          )}
          <Action d={d} />
          <section aria-labelledby="editable-heading">
            <h2 id="editable-heading" className="text-lg font-semibold text-maroon-700">
              {m.public_template_editable()}
            </h2>
            <ul className="mt-2 list-disc pl-5 text-sm" data-testid="editable">
              {t.editable.map((e) => (
                <li key={e}>{editableName(e).charAt(0).toUpperCase() + editableName(e).slice(1)}</li>
              ))}
            </ul>
          </section>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-ink/65">{m.public_templates_mood()}</dt>
            <dd>{MOOD_NAMES[t.mood]()}</dd>
            {t.requirement && (
              <>
                <dt className="text-ink/65">{m.public_templates_collection()}</dt>
                <dd>{REQUIREMENT_NAMES[t.requirement]()}</dd>
              </>
            )}
            <dt className="text-ink/65">{m.public_template_card_size()}</dt>
            <dd>{m.public_template_size({ width: t.width, height: t.height })}</dd>
          </dl>
          {t.tags.length > 0 && (
            <ul className="flex flex-wrap gap-2" aria-label={m.public_templates_tags()} translate="no">
              {t.tags.map((tag) => (
                <li key={tag}>
                  <Link
                    to={`/templates?tags=${encodeURIComponent(tag)}`}
                    className="inline-flex min-h-9 items-center rounded-full border border-maroon-100 bg-white px-3 text-sm hover:bg-maroon-50"
                  >
                    {tag.replace(/-/g, " ")}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </div>
  );
}
