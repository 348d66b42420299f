import { Form, Link } from "react-router";
import type { listRequests } from "#domain/invitations/index.ts";
import { rich } from "#app/components/rich.tsx";
import { dietaryLabel, responseLabel } from "#shared/guest-names.ts";
import { m } from "#shared/paraglide/messages.js";
import { button, quiet } from "./styles.ts";

type InviteRequest = Awaited<ReturnType<typeof listRequests>>[number];

/** A request's food preference and answers, in the page's language. */

/** The requests guests sent from the public e-invite page: approve or decline each; WhatsApp the approved who gave no e-mail. */
export function InviteRequests({ requests, busy }: { requests: InviteRequest[]; busy: boolean }) {
  const pending = requests.filter((r) => r.status === "PENDING");
  const toShare = requests.filter((r) => r.status === "APPROVED" && !r.email && r.whatsappUrl);
  return (
    <section aria-labelledby="requests" className="rounded-2xl border border-maroon-100 bg-white p-4 md:p-6">
      <h2 id="requests" className="text-xl font-bold text-maroon-700">
        {m.couple_einvite_requests({ count: pending.length })}
      </h2>
      {pending.length === 0 ? (
        <p className="mt-2 text-sm">{m.couple_einvite_no_requests()}</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {pending.map((r) => (
            <li key={r.id} className="rounded-xl border border-maroon-100 p-3" data-testid={`request-${r.phone}`}>
              <p className="font-semibold">
                <span translate="no">
                  {r.name} · {r.phone}
                </span>{" "}
                · {m.couple_einvite_people({ count: r.partySize })}
                {r.dietary ? ` · ${dietaryLabel(r.dietary)}` : ""}
              </p>
              <p className="text-sm">
                {r.answers.map((a, i) => (
                  <span key={i}>
                    {i > 0 && " · "}
                    <span translate="no">{a.name}</span>: {responseLabel(a.response)}
                  </span>
                ))}
              </p>
              {r.message && (
                <p className="mt-1 text-sm italic" translate="no">
                  “{r.message}”
                </p>
              )}
              <div className="mt-2 flex gap-2">
                <Form method="post">
                  <input type="hidden" name="intent" value="approve" />
                  <input type="hidden" name="requestId" value={r.id} />
                  <button type="submit" className={button} disabled={busy}>
                    {m.couple_einvite_approve()}
                  </button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="intent" value="decline" />
                  <input type="hidden" name="requestId" value={r.id} />
                  <button type="submit" className={quiet} disabled={busy}>
                    {m.couple_einvite_decline()}
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
      {toShare.length > 0 && (
        <div className="mt-4">
          <h3 className="font-semibold">{m.couple_einvite_approved_no_email()}</h3>
          <ul className="mt-2 space-y-2">
            {toShare.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center gap-2 text-sm" data-testid={`approved-${r.phone}`}>
                <span translate="no">
                  {r.name} · {r.phone}
                </span>
                <a href={r.whatsappUrl!} target="_blank" rel="noopener noreferrer" className="rounded-full bg-green-700 px-3 py-1 font-semibold text-white">
                  {m.couple_einvite_send_whatsapp()}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className="mt-3 text-sm">
        {rich(m.couple_einvite_approved_join, {
          list: (
            <Link to="/profile/guests" className="text-maroon-700 underline">
              {m.couple_einvite_guest_list()}
            </Link>
          ),
        })}
      </p>
    </section>
  );
}
