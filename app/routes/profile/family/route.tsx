import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/route";
import { appContext } from "#functions/page-context.ts";
import { Checkbox, Field, FormAlert, Panel, Select } from "#app/components/ui/index.ts";
import { formatDate } from "#shared/format.ts";
import { pageTitle } from "#shared/strings.ts";
import { INVITABLE_ROLES, WEDDING_AREAS } from "#shared/wedding-schemas.ts";
import { m } from "#shared/paraglide/messages.js";
import { getLocale, pathInLocale } from "#shared/locale.ts";
import { familyAction, loadFamily } from "./family.server.ts";
import { rich } from "#app/components/rich.tsx";

/**
 * "Family & planner" (/profile/family, issue 33): who plans the current wedding and with which
 * rights, the invitations waiting for an answer, the invite form, changing a member's role and
 * removing them (the couple and partners), leaving, and switching between weddings. Every form is a
 * plain post with an intent (PRG), so the page works without JavaScript; the rules are
 * functions/domain/weddings/'s, the same as /api/v1/weddings.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle(m.couple_family_meta()) }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadFamily(request, context.get(appContext).domain);
}

export const action = familyAction;

type Data = Route.ComponentProps["loaderData"];
type Role = Data["wedding"]["role"];
type Area = (typeof WEDDING_AREAS)[number];
type Result = { ok: boolean; intent: string; message?: string; errors?: Record<string, string>; values?: Record<string, unknown> } | undefined;

export const roleLabel = (role: Role) =>
  ({ COUPLE: m.couple_role_COUPLE, PARTNER: m.couple_role_PARTNER, EDITOR: m.couple_role_EDITOR, VIEWER: m.couple_role_VIEWER })[role]();
const areaLabel = (area: Area) =>
  ({ guests: m.couple_area_guests, budget: m.couple_area_budget, plan: m.couple_area_plan, invitations: m.couple_area_invitations })[area]();
const roleHelp = (role: (typeof INVITABLE_ROLES)[number]) =>
  ({ PARTNER: m.couple_role_help_PARTNER, EDITOR: m.couple_role_help_EDITOR, VIEWER: m.couple_role_help_VIEWER })[role]();

const button = "rounded-full bg-maroon-700 px-4 py-2 text-sm font-semibold text-white disabled:opacity-60";
const quiet = "rounded-full border border-maroon-700 px-3 py-1 text-sm font-semibold text-maroon-800 disabled:opacity-60";

function changes(role: Role, areas: readonly Area[]) {
  if (role === "COUPLE" || role === "PARTNER") return m.couple_family_changes_all();
  if (!areas.length) return m.couple_family_changes_nothing();
  return m.couple_family_changes({ areas: areas.map(areaLabel).join(", ") });
}

function Failure({ result, intent, id }: { result: Result; intent: string; id?: string }) {
  if (!result || result.ok || result.intent !== intent) return null;
  if (id !== undefined && result.values?.userId !== id && result.values?.invitationId !== id) return null;
  const fields = Object.values(result.errors ?? {});
  return <FormAlert className="mt-2" message={`${result.message ?? ""} ${[...new Set(fields)].filter((f) => f !== result.message).join(" ")}`.trim()} />;
}

/** Role, areas and the contacts right: the invite form's and each member's change form's fields. */
function RightsFields({ prefix, role, areas, seesContacts }: { prefix: string; role: Role | null; areas: readonly Area[]; seesContacts: boolean }) {
  return (
    <>
      <fieldset className="mt-2">
        <legend className="text-sm font-semibold">{m.couple_family_role_label()}</legend>
        {INVITABLE_ROLES.map((r) => (
          <label key={r} className="mt-1 flex items-start gap-2 text-sm" htmlFor={`${prefix}-role-${r}`}>
            <input id={`${prefix}-role-${r}`} type="radio" name="role" value={r} defaultChecked={role === r} required className="mt-1" />
            <span>
              <span className="font-semibold">{roleLabel(r)}</span> · {roleHelp(r)}
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset className="mt-2">
        <legend className="text-sm font-semibold">{m.couple_family_areas_label()}</legend>
        <div className="flex flex-wrap gap-x-4">
          {WEDDING_AREAS.map((a) => (
            <Checkbox
              key={a}
              id={`${prefix}-area-${a}`}
              name="areas"
              value={a}
              label={areaLabel(a)}
              defaultChecked={areas.includes(a)}
              compact
              className="mt-1"
            />
          ))}
        </div>
      </fieldset>
      <Checkbox id={`${prefix}-contacts`} name="seesContacts" label={m.couple_family_contacts_label()} defaultChecked={seesContacts} className="mt-2" />
    </>
  );
}

export default function Family({ loaderData: d, actionData }: Route.ComponentProps) {
  const result = actionData as Result;
  const busy = useNavigation().state !== "idle";
  const manages = d.wedding.managesPeople;
  const others = d.members.filter((x) => !x.isYou);
  return (
    <div className="space-y-4">
      <section className="rounded-2xl border border-maroon-100 bg-white p-4 md:p-6">
        <h1 className="text-3xl font-bold text-maroon-700">{m.couple_family_title()}</h1>
        <p className="mt-1 text-ink/75">{m.couple_family_intro()}</p>
        <p className="mt-2 font-semibold" data-testid="my-role">
          {rich((p) => m.couple_family_you_plan({ couple: p.couple, role: roleLabel(d.wedding.role) }), {
            couple: <span translate="no">{d.wedding.couple}</span>,
          })}
        </p>
      </section>

      {d.weddings.length > 1 && (
        <Panel title={m.couple_family_weddings()} headingId="weddings-heading">
          <Form method="post" className="flex flex-wrap items-end gap-3">
            <Select
              id="switch-wedding"
              name="weddingId"
              label={m.couple_family_switch_label()}
              defaultValue={d.wedding.weddingId}
              compact
              options={d.weddings.map((w) => [w.weddingId, `${m.couple_family_wedding_of({ couple: w.couple })} · ${roleLabel(w.role)}`] as const)}
            />
            <button type="submit" name="intent" value="switch" className={button} disabled={busy}>
              {m.couple_family_switch()}
            </button>
          </Form>
          <Failure result={result} intent="switch" />
        </Panel>
      )}

      <Panel title={m.couple_family_members()} headingId="members-heading">
        <ul className="divide-y divide-maroon-100" data-testid="members">
          {d.members.map((x) => (
            <li key={x.userId} className="py-3" data-testid="member">
              <p>
                <span className="font-semibold" translate="no">
                  {x.name}
                </span>{" "}
                {x.isYou && <span className="text-ink/65">{m.couple_family_you()}</span>} · <span>{roleLabel(x.role)}</span>
              </p>
              <p className="text-sm text-ink/75">
                {changes(x.role, x.areas)} · {x.seesContacts ? m.couple_family_sees_phones() : m.couple_family_no_phones()}
              </p>
              {(x.email || x.phone) && (
                <p className="text-sm text-ink/65" translate="no">
                  {[x.email, x.phone].filter(Boolean).join(" · ")}
                </p>
              )}
              {manages && x.role !== "COUPLE" && (
                <details className="mt-2">
                  <summary className="cursor-pointer text-sm font-semibold text-maroon-700 underline">
                    {m.couple_family_edit()}
                    <span className="sr-only"> {x.name}</span>
                  </summary>
                  <Form method="post" className="mt-2">
                    <input type="hidden" name="userId" value={x.userId} />
                    <RightsFields prefix={`m-${x.userId}`} role={x.role} areas={x.role === "EDITOR" ? x.areas : []} seesContacts={x.seesContacts} />
                    <div className="mt-3 flex flex-wrap gap-3">
                      <button type="submit" name="intent" value="change" className={button} disabled={busy}>
                        {m.couple_family_save()}
                      </button>
                      <button type="submit" name="intent" value="remove" formNoValidate className={quiet} disabled={busy}>
                        {m.couple_family_remove()}
                        <span className="sr-only"> {x.name}</span>
                      </button>
                    </div>
                  </Form>
                  <Failure result={result} intent="change" id={x.userId} />
                  <Failure result={result} intent="remove" id={x.userId} />
                </details>
              )}
            </li>
          ))}
        </ul>
        {others.length === 0 && <p className="text-sm text-ink/75">{m.couple_family_nobody()}</p>}
      </Panel>

      {manages && d.invitations.length > 0 && (
        <Panel title={m.couple_family_pending()} headingId="pending-heading">
          <ul className="divide-y divide-maroon-100" data-testid="pending">
            {d.invitations.map((i) => (
              <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div>
                  <p>
                    <span className="font-semibold" translate="no">
                      {i.name ? `${i.name} · ` : ""}
                      {i.email ?? i.phone}
                    </span>{" "}
                    · {roleLabel(i.role)}
                  </p>
                  <p className="text-sm text-ink/75">
                    {changes(i.role, i.areas)} · {m.couple_family_valid_until({ date: formatDate(i.expiresAt) })}
                  </p>
                </div>
                <Form method="post">
                  <input type="hidden" name="invitationId" value={i.id} />
                  <button type="submit" name="intent" value="revoke" className={quiet} disabled={busy}>
                    {m.couple_family_revoke()}
                    <span className="sr-only"> {i.email ?? i.phone}</span>
                  </button>
                </Form>
                <Failure result={result} intent="revoke" id={i.id} />
              </li>
            ))}
          </ul>
        </Panel>
      )}

      {manages && (
        <Panel title={m.couple_family_invite_title()} headingId="invite-heading">
          <p className="text-sm text-ink/75">{m.couple_family_invite_help()}</p>
          <Form method="post" className="mt-2 max-w-xl">
            <Field
              name="contact"
              label={m.couple_family_contact_label()}
              required
              autoComplete="off"
              defaultValue={result?.intent === "invite" && !result.ok ? String(result.values?.contact ?? "") : undefined}
              error={result?.intent === "invite" && !result.ok ? result.errors?.contact : undefined}
            />
            <Field
              name="name"
              label={m.couple_family_name_label()}
              autoComplete="off"
              className="mt-2"
              error={result?.intent === "invite" && !result.ok ? result.errors?.name : undefined}
            />
            <RightsFields prefix="invite" role={null} areas={[]} seesContacts={false} />
            <button type="submit" name="intent" value="invite" className={`${button} mt-3`} disabled={busy}>
              {m.couple_family_invite_button()}
            </button>
          </Form>
          <Failure result={result} intent="invite" />
        </Panel>
      )}

      {manages && (
        <Panel title={m.couple_family_export_title()} headingId="export-heading">
          <p className="text-sm text-ink/75">{m.couple_family_export_intro()}</p>
          {/* A raw link in this page's language: React Router's basename does not reach a download. */}
          <a href={pathInLocale("/profile/family/export.zip", getLocale())} className={`${quiet} mt-2 inline-block`} download>
            {m.couple_family_export_link()}
          </a>
        </Panel>
      )}

      {d.wedding.role !== "COUPLE" && (
        <Panel title={m.couple_family_leave()} headingId="leave-heading">
          <p className="text-sm text-ink/75">{m.couple_family_leave_help()}</p>
          <Form method="post" className="mt-2">
            <button type="submit" name="intent" value="leave" className={quiet} disabled={busy}>
              {m.couple_family_leave()}
            </button>
          </Form>
          <Failure result={result} intent="leave" />
        </Panel>
      )}
    </div>
  );
}
