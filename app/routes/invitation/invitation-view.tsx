import { Form } from "react-router";
import type { Invitation, InvitationFunction } from "#domain/invitations/index.ts";
import { Field, FormAlert, Select, TextArea } from "#app/components/ui/index.ts";
import { dietaryLabel, responseLabel } from "#shared/guest-names.ts";
import { m } from "#shared/paraglide/messages.js";
import { rich } from "#app/components/rich.tsx";
import type { Dietary, RsvpResponse } from "#shared/guest-schemas.ts";

/**
 * The live e-invite as guests see it (/view/:slug, /guests, /view_1): the card picture, the couple,
 * the schedule per function with a map link, the WhatsApp share link and, while RSVP is open, the
 * request form. Server-rendered; the form is a plain post (works without JS).
 */
/**
 * A function's or a city's name: the catalogue's Hindi name on a Hindi page ("Mehndi" → "मेहंदी",
 * `shown`, from the loader: shown-names.server.ts), else the couple's own words, marked as such.
 */
function Name({ name, shown }: { name: string; shown?: string | null }) {
  return shown && shown !== name ? <>{shown}</> : <span translate="no">{name}</span>;
}

/** The request form's choices in the page's language. */

/** The names an e-invite shows in the page's language (the loader works them out: shown-names.server.ts). */
export type ShownNames = { city: string | null; functions: Record<string, string> };

export type Failure = { message: string; errors: Record<string, string>; values?: Record<string, string> } | null;

export function Schedule({
  functions,
  names,
}: {
  functions: Pick<InvitationFunction, "id" | "name" | "dateLabel" | "timeLabel" | "venue" | "mapUrl">[];
  names?: ShownNames;
}) {
  if (!functions.length) return null;
  return (
    <section aria-labelledby="schedule" className="mt-6">
      <h2 id="schedule" className="text-xl font-bold text-maroon-700">
        {m.couple_invite_schedule()}
      </h2>
      <ol className="mt-3 space-y-3">
        {functions.map((f) => (
          <li key={f.id} className="rounded-xl border border-maroon-100 bg-white p-4">
            <h3 className="text-lg font-semibold text-maroon-800">
              <Name name={f.name} shown={names?.functions[f.id]} />
            </h3>
            <p className="text-sm text-ink/80">
              <time>{f.dateLabel}</time>
              {f.timeLabel ? ` · ${f.timeLabel}` : ""}
            </p>
            {f.venue && (
              <p className="text-sm">
                <span translate="no">{f.venue}</span>{" "}
                {f.mapUrl && (
                  <a href={f.mapUrl} target="_blank" rel="noopener noreferrer" className="font-semibold text-maroon-700 underline">
                    {m.couple_invite_map()}
                  </a>
                )}
              </p>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

export function CardPicture({ src, width, height, couple }: { src: string; width: number; height: number; couple: string }) {
  return (
    <img
      src={src}
      width={width}
      height={height}
      alt={m.couple_invite_card_alt({ couple })}
      className="mx-auto h-auto w-full max-w-md rounded-xl shadow-md"
      fetchPriority="high"
    />
  );
}

export function InvitationView({
  invitation,
  names,
  failure,
  formAction,
}: {
  invitation: Invitation;
  names: ShownNames;
  failure?: Failure;
  formAction?: string | null;
}) {
  const v = failure?.values ?? {};
  const err = failure?.errors ?? {};
  return (
    <article className="mx-auto max-w-2xl px-4 py-6">
      <CardPicture src={invitation.cardImageUrl} width={invitation.cardWidth} height={invitation.cardHeight} couple={invitation.couple} />
      <h1 className="mt-6 text-center text-3xl font-bold text-maroon-700" translate="no">
        {invitation.couple}
      </h1>
      <p className="text-center text-ink/80">
        {invitation.city ? rich(m.couple_invite_celebrate_in, { city: <Name name={invitation.city} shown={names.city} /> }) : m.couple_invite_celebrate()}
      </p>
      {invitation.whatsappUrl && (
        <p className="mt-3 text-center">
          <a
            href={invitation.whatsappUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-block rounded-full bg-green-700 px-5 py-2 font-semibold text-white"
          >
            {m.couple_einvite_share_whatsapp()}
          </a>
        </p>
      )}
      <Schedule functions={invitation.functions} names={names} />
      {invitation.rsvpOpen && invitation.functions.length > 0 && formAction !== null && (
        <section aria-labelledby="rsvp" className="mt-8 rounded-2xl border border-maroon-100 bg-white p-4 md:p-6">
          <h2 id="rsvp" className="text-xl font-bold text-maroon-700">
            {m.couple_invite_rsvp()}
          </h2>
          <p className="text-sm text-ink/75">{m.couple_invite_rsvp_intro()}</p>
          <FormAlert message={failure?.message} className="mt-3" />
          <Form method="post" action={formAction ?? undefined} className="mt-4 space-y-4">
            <div className="grid gap-3 sm:grid-cols-2">
              <Field name="name" label={m.couple_invite_your_name()} required maxLength={120} defaultValue={v.name} autoComplete="name" error={err.name} />
              <Field
                name="phone"
                label={m.couple_invite_mobile()}
                required
                type="tel"
                inputMode="tel"
                defaultValue={v.phone}
                autoComplete="tel"
                error={err.phone}
              />
              <Field name="email" label={m.couple_invite_email()} type="email" maxLength={254} defaultValue={v.email} autoComplete="email" error={err.email} />
              <Field
                name="partySize"
                label={m.couple_invite_party_size()}
                type="number"
                min={1}
                max={invitation.form.partySizeMax}
                defaultValue={v.partySize ?? "1"}
                error={err.partySize}
              />
              <Select
                name="dietary"
                label={m.couple_invite_food()}
                defaultValue={v.dietary ?? ""}
                placeholder={m.couple_invite_not_telling()}
                options={invitation.form.dietary.map(([d]) => [d, dietaryLabel(d as Dietary)] as const)}
                error={err.dietary}
              />
            </div>
            {invitation.functions.map((f) => (
              <fieldset key={f.id} className="rounded-xl border border-maroon-100 p-3">
                <legend className="px-1 font-semibold text-maroon-800">
                  <Name name={f.name} shown={names.functions[f.id]} />
                </legend>
                <div className="flex flex-wrap gap-4" role="radiogroup" aria-label={m.couple_invite_answer_for({ fn: names.functions[f.id] ?? f.name })}>
                  {invitation.form.responses.map(([r]) => (
                    <label key={r} className="inline-flex items-center gap-1 text-sm">
                      <input type="radio" name={`answer:${f.id}`} value={r} defaultChecked={v[`answer:${f.id}`] === r} />
                      {responseLabel(r as RsvpResponse)}
                    </label>
                  ))}
                </div>
                {err[`answers.${f.id}`] && <span className="text-xs text-red-800">{err[`answers.${f.id}`]}</span>}
              </fieldset>
            ))}
            {err.answers && <p className="text-xs text-red-800">{err.answers}</p>}
            <TextArea name="message" label={m.couple_invite_message()} maxLength={500} rows={3} defaultValue={v.message} error={err.message} />
            <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
              <Field name="website" label={m.couple_invite_leave_empty()} tabIndex={-1} autoComplete="off" />
            </div>
            <p className="text-sm" data-testid="after-approval">
              {m.couple_invite_after_approval()}
            </p>
            <button type="submit" className="rounded-full bg-maroon-700 px-6 py-2 font-semibold text-white">
              {m.couple_invite_send()}
            </button>
          </Form>
        </section>
      )}
    </article>
  );
}

/** The page's Open Graph and Twitter tags: the card picture (absolute URL) so WhatsApp shows a preview. */
export function invitationMeta(inv: Invitation, names: ShownNames, options: { index: boolean }) {
  // Worded here with the city's shown name (the domain's title and description name it as stored).
  const when = [inv.functions[0]?.dateLabel, names.city].filter(Boolean).join(", ");
  const title = m.couple_invite_meta_title({ couple: inv.couple });
  const description = when ? m.couple_invite_meta_description({ when }) : m.couple_invite_meta_description_plain();
  return [
    { title },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:image", content: inv.cardImageUrl },
    { property: "og:image:width", content: String(inv.cardWidth) },
    { property: "og:image:height", content: String(inv.cardHeight) },
    ...(inv.shareUrl ? [{ property: "og:url", content: inv.shareUrl }] : []),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: inv.cardImageUrl },
    ...(options.index ? [] : [{ name: "robots", content: "noindex, nofollow" }]),
  ];
}
