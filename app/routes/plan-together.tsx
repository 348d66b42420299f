import { data, Form, useNavigation } from "react-router";
import { readFormData } from "#platform/request-body.ts";
import type { Route } from "./+types/plan-together";
import { acceptInvitation, declineInvitation, viewInvitation, type InvitationView } from "#domain/weddings/index.ts";
import { can, isDomainError } from "#domain/core/index.ts";
import { appContext } from "#functions/page-context.ts";
import { redirectWithToast } from "#platform/cookies.ts";
import { AuthCard, TextLink } from "#app/components/auth/AuthForm.tsx";
import { FormAlert } from "#app/components/ui/index.ts";
import { formatDate } from "#shared/format.ts";
import { pageTitle } from "#shared/strings.ts";
import { m } from "#shared/paraglide/messages.js";
import { rich } from "#app/components/rich.tsx";

/**
 * An invitation to plan a wedding together (issue 33; the link of the mail or SMS). It shows who
 * invites, to which wedding, with what role; signed in, Accept or Decline (only the account holding
 * the invited address or number: decision 0049); signed out, log in (by e-mail or mobile) and come
 * back here, or sign up (the mailed link that makes the account brings the person back here). A used, declined, withdrawn or expired link says so and changes nothing;
 * a link that never existed is the not-found page's 404.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle(m.couple_join_meta()) }, { name: "robots", content: "noindex" }];

const STATE_MESSAGE: Record<Exclude<InvitationView["state"], "open">, () => string> = {
  used: m.couple_cp_invitation_used,
  declined: m.couple_cp_invitation_declined,
  revoked: m.couple_cp_invitation_revoked,
  expired: m.couple_cp_invitation_expired,
};

function refused(e: unknown) {
  if (!isDomainError(e)) throw e;
  if (e.status === 404) throw data(null, { status: 404 });
  return data({ ok: false as const, message: e.message }, { status: e.status });
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { domain, actor } = context.get(appContext);
  try {
    const invitation = await viewInvitation(domain, params.token);
    return {
      ok: true as const,
      invitation,
      signedIn: Boolean(actor),
      blocked: actor && !can.planWedding(actor) ? m.couple_cp_vendor() : invitation.state === "open" ? null : STATE_MESSAGE[invitation.state](),
    };
  } catch (e) {
    return refused(e);
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { domain } = context.get(appContext);
  const form = await readFormData(request);
  try {
    if (form.get("intent") === "decline") {
      const { message } = await declineInvitation(domain, params.token);
      return redirectWithToast(request, "/profile", { type: "success", message }, { status: 303 });
    }
    const { message } = await acceptInvitation(domain, params.token);
    return redirectWithToast(request, "/profile/family", { type: "success", message }, { status: 303 });
  } catch (e) {
    return refused(e);
  }
}

export default function PlanTogether({ loaderData, actionData, params }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  if (!loaderData.ok) {
    return (
      <AuthCard title={m.couple_join_unavailable()}>
        <FormAlert message={loaderData.message} />
      </AuthCard>
    );
  }
  const { invitation: i, signedIn, blocked } = loaderData;
  const back = encodeURIComponent(`/plan-together/${params.token}`);
  const role = { COUPLE: m.couple_role_COUPLE, PARTNER: m.couple_role_PARTNER, EDITOR: m.couple_role_EDITOR, VIEWER: m.couple_role_VIEWER }[i.role]();
  const areas = i.areas.map((a) =>
    ({ guests: m.couple_area_guests, budget: m.couple_area_budget, plan: m.couple_area_plan, invitations: m.couple_area_invitations })[a](),
  );
  const failure = actionData && !actionData.ok ? actionData.message : null;
  return (
    <AuthCard title={rich(m.couple_join_title, { inviter: <span translate="no">{i.inviter}</span>, couple: <span translate="no">{i.couple}</span> })}>
      <p className="font-semibold">{m.couple_join_as({ role })}</p>
      <p className="text-sm text-ink/75">
        {i.role === "PARTNER" || i.role === "COUPLE"
          ? m.couple_family_changes_all()
          : areas.length
            ? m.couple_family_changes({ areas: areas.join(", ") })
            : m.couple_family_changes_nothing()}{" "}
        · {i.seesContacts ? m.couple_family_sees_phones() : m.couple_family_no_phones()}
      </p>
      {blocked ? (
        <FormAlert className="mt-3" message={blocked} />
      ) : (
        <>
          <p className="mt-2 text-sm text-ink/75">{m.couple_family_valid_until({ date: formatDate(i.expiresAt) })}</p>
          <FormAlert className="mt-3" message={failure} />
          {signedIn ? (
            <Form method="post" className="mt-4 flex flex-wrap gap-3">
              <button type="submit" name="intent" value="accept" className="btn-primary px-5 py-2" disabled={busy}>
                {m.couple_join_accept()}
              </button>
              <button type="submit" name="intent" value="decline" className="btn-secondary px-5 py-2" disabled={busy}>
                {m.couple_join_decline()}
              </button>
            </Form>
          ) : (
            <div className="mt-3 space-y-2 text-sm">
              <p>{m.couple_join_sign_in({ contact: i.sentTo })}</p>
              <p className="flex flex-wrap gap-4">
                <TextLink to={`/login?redirectTo=${back}`}>{m.couple_join_log_in()}</TextLink>
                <TextLink to={`/phone-login?redirectTo=${back}`}>{m.couple_join_log_in_mobile()}</TextLink>
                <TextLink to={`/signup?redirectTo=${back}`}>{m.couple_join_sign_up()}</TextLink>
              </p>
              <p className="text-ink/75">{m.couple_join_sign_up_after()}</p>
            </div>
          )}
        </>
      )}
    </AuthCard>
  );
}
