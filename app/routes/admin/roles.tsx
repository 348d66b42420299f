import { Form, useLocation } from "react-router";
import type { Route } from "./+types/roles";
import { resetRequestInput } from "#shared/account-schemas.ts";
import { changeRoleByEmail, listAdminTeam, type RoleChange } from "#domain/accounts/index.ts";
import { ACCESS, can } from "#domain/core/index.ts";
import { appContext } from "#functions/page-context.ts";
import { SubmitButton } from "#app/components/auth/AuthForm.tsx";
import { Field, FormAlert } from "#app/components/ui/index.ts";
import { loadOrRespond, pagePath } from "#app/lib/page-errors.server.ts";
import { pageAction } from "#app/lib/page-action.server.ts";
import { pageTitle } from "#shared/strings.ts";

/** /admin/giveAdmin, /admin/revokeAdmin, /admin/giveSuperAdmin: the role calls for super admins. */
const PAGES: Record<string, { change: RoleChange; title: string; button: string; help: string }> = {
  giveadmin: { change: "give-admin", title: "Give admin", button: "Make admin", help: "A couple's account becomes an admin." },
  revokeadmin: {
    change: "revoke-admin",
    title: "Revoke admin",
    button: "Revoke",
    help: "An admin or super admin becomes a couple's account again. The last super admin cannot be demoted.",
  },
  givesuperadmin: { change: "give-superadmin", title: "Give super admin", button: "Make super admin", help: "The account can then change admin roles too." },
};
const pageOf = (pathname: string) => PAGES[pathname.split("/").filter(Boolean).pop()?.toLowerCase() ?? ""] ?? PAGES.giveadmin!;

export const meta: Route.MetaFunction = ({ location }) => [{ title: pageTitle(pageOf(location.pathname).title) }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  return loadOrRespond(request, async () => {
    const team = await listAdminTeam(domain);
    return {
      team: team.map((m) => ({ id: m.id, user_name: m.user_name, email: m.email, superAdmin: m.role === "SUPER_ADMIN" })),
      canChange: can.manageRoles(domain.actor),
    };
  });
}

export const action = pageAction({
  access: ACCESS.admin,
  defaultIntent: "change",
  intents: {
    change: async ({ request, domain, input, done }) =>
      done((await changeRoleByEmail(domain, { email: input(resetRequestInput).email, change: pageOf(pagePath(request)).change })).message),
  },
});

export default function RolePage({ loaderData, actionData }: Route.ComponentProps) {
  const page = pageOf(useLocation().pathname);
  const errors = actionData?.errors ?? {};
  return (
    <div className="flex flex-col gap-6">
      <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
        <h1 className="text-3xl font-bold text-maroon-700">{page.title}</h1>
        <p className="mt-1 text-sm text-ink/75">{page.help}</p>
        {loaderData.canChange ? (
          <div className="mt-4 max-w-md">
            <FormAlert tone={actionData?.ok ? "success" : "error"} message={actionData?.ok || !Object.keys(errors).length ? actionData?.message : null} />
            <Form method="post" className="flex flex-col gap-4" noValidate>
              <Field
                label="E-mail address of the account"
                name="email"
                type="email"
                required
                defaultValue={actionData?.ok ? "" : actionData?.values?.email}
                error={errors.email}
              />
              <SubmitButton pendingText="Saving…" className="btn-primary self-start">
                {page.button}
              </SubmitButton>
            </Form>
          </div>
        ) : (
          <p className="mt-4 rounded-lg bg-marigold-300/40 p-3 text-sm">Only a super admin can change admin roles.</p>
        )}
      </section>
      <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
        <h2 className="text-xl font-bold">Admin team</h2>
        <ul className="mt-3 divide-y divide-maroon-100">
          {loaderData.team.map((m) => (
            <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span className="min-w-0 wrap-anywhere">
                <strong>{m.user_name}</strong> · {m.email}
              </span>
              <span className="rounded-full bg-maroon-50 px-2 py-0.5 text-xs font-semibold text-maroon-700">{m.superAdmin ? "Super admin" : "Admin"}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
