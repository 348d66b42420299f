import { useState } from "react";
import { Form, Link } from "react-router";
import type { ownInvitation } from "#domain/invitations/index.ts";
import { Field } from "#app/components/ui/index.ts";
import { rich } from "#app/components/rich.tsx";
import { m } from "#shared/paraglide/messages.js";
import { quiet } from "./styles.ts";

type PublishedInvitation = NonNullable<Awaited<ReturnType<typeof ownInvitation>>>;

function CopyButton({ text }: { text: string }) {
  const [done, setDone] = useState(false);
  return (
    <button
      type="button"
      className={quiet}
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => setDone(true));
      }}
    >
      {done ? m.couple_einvite_copied() : m.couple_einvite_copy_link()}
    </button>
  );
}

/** The published e-invite: its share link (copy, WhatsApp), its public page, and unpublish. */
export function LiveInvitation({
  invitation,
  shareUrl,
  cardTitle,
  busy,
}: {
  invitation: PublishedInvitation;
  shareUrl: string;
  cardTitle: string | undefined;
  busy: boolean;
}) {
  return (
    <section aria-labelledby="live" className="rounded-2xl border border-green-200 bg-green-50 p-4 md:p-6">
      <h2 id="live" className="text-xl font-bold text-green-900">
        {rich(m.couple_einvite_live, {
          card: <span translate="no">{cardTitle ?? m.couple_einvite_your_card()}</span>,
        })}
      </h2>
      <Field label={m.couple_einvite_share_link()} readOnly value={shareUrl} className="mt-2" />
      <div className="mt-3 flex flex-wrap gap-3">
        <CopyButton text={shareUrl} />
        {invitation.whatsappUrl && (
          <a
            href={invitation.whatsappUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="rounded-full bg-green-700 px-4 py-2 text-sm font-semibold text-white"
          >
            {m.couple_einvite_share_whatsapp()}
          </a>
        )}
        <Link to={`/view/${invitation.slug}`} className={quiet}>
          {m.couple_einvite_open_page()}
        </Link>
        <Link to="/guests" className={quiet}>
          {m.couple_einvite_what_guests_see()}
        </Link>
        <Form method="post">
          <input type="hidden" name="intent" value="unpublish" />
          <input type="hidden" name="cardId" value={invitation.cardId} />
          <button type="submit" className={quiet} disabled={busy}>
            {m.couple_einvite_unpublish()}
          </button>
        </Form>
      </div>
    </section>
  );
}
