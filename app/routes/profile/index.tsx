import { data, Form, Link } from "react-router";
import type { Route } from "./+types/index";
import { updateUserInput } from "#shared/account-schemas.ts";
import { deleteAccount, requireAccountView, resendVerification, updateUser, whatsAppPreferences } from "#domain/accounts/index.ts";
import { WhatsAppCard } from "#app/components/WhatsAppCard.tsx";
import { SignInWays } from "#app/components/SignInWays.tsx";
import { clearSessionCookie } from "#platform/session-cookie.ts";
import { appContext } from "#functions/page-context.ts";
import { SubmitButton } from "#app/components/auth/AuthForm.tsx";
import { Checkbox, Field, FormAlert } from "#app/components/ui/index.ts";
import { shrinkChosenPhotos } from "#app/lib/upload-client.ts";
import { loadOrRespond, type PageFailure } from "#app/lib/page-errors.server.ts";
import { pageAction } from "#app/lib/page-action.server.ts";
import { clearVisitedCookie, redirectWithToast } from "#platform/cookies.ts";
import { formatDate } from "#shared/format.ts";
import { pageTitle } from "#shared/strings.ts";
import { getLocale } from "#shared/locale.ts";
import { hasHindiName, localName } from "#shared/local-names.ts";
import { VerifiedBadge } from "./layout.tsx";
import { ACCESS, can } from "#domain/core/index.ts";
import { formatRupees, initials } from "#shared/format.ts";
import { IMAGE_MEGAPIXELS_MAX, PHOTO_ACCEPT, PHOTO_MAX_BYTES } from "#shared/service-media.ts";
import { useVisitorChecklistMerge } from "./checklist/visitor-store.ts";
import { LocationBox, type LocationMap } from "#app/components/LocationBox.tsx";
import { PLACES } from "#shared/places.ts";
import { ACCOUNT_MESSAGES } from "#shared/account-messages.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * The couple's profile: name, partner's name, photo, phone, wedding date and city, estimated guests,
 * total budget and the daily planning reminder opt-in; links to their enquiries and bookings;
 * resend verification; delete the account. The same fields as PATCH /api/v1/users (updateUserInput).
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle(m.couple_profile_meta()) }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  return loadOrRespond(request, async () => {
    // What the page shows, without the account's role (loaders hand the UI no role strings).
    const a = await requireAccountView(domain);
    const account = {
      user_name: a.user_name,
      email: a.email,
      is_verified: a.is_verified,
      phone: a.phone,
      verified_phone: a.verified_phone,
      wedding_date: a.wedding_date,
      wedding_city: a.wedding_city,
      has_password: a.has_password,
      partner_name: a.partner_name,
      guest_estimate: a.guest_estimate,
      total_budget: a.total_budget,
      planning_reminders: a.planning_reminders,
      profile_photo: a.profile_photo,
    };
    // Enquiries and bookings are a couple's; the checklist a planner's (couples and admins).
    const whatsapp = await whatsAppPreferences(domain);
    return { account, isCouple: can.sendEnquiry(a), canPlan: can.planWedding(a), whatsapp: { on: whatsapp.on, number: whatsapp.number } };
  });
}

/** The page's three forms: the profile (its main form), resend verification, delete the account. */
export const action = pageAction({
  access: ACCESS.signedIn,
  defaultIntent: "update",
  intents: {
    update: async ({ domain, input, done }) => {
      await updateUser(domain, input(updateUserInput));
      return done(ACCOUNT_MESSAGES.profileUpdated);
    },
    resend: async ({ domain, done }) => done((await resendVerification(domain)).message),
    delete: async ({ request, domain, form, intent }) => {
      if (form.get("confirm") !== "yes")
        return data<PageFailure>(
          { ok: false, intent, message: m.couple_delete_confirm_message(), errors: { confirm: m.couple_please_confirm() } },
          { status: 400 },
        );
      const { message } = await deleteAccount(domain);
      const res = redirectWithToast(request, "/", { type: "success", message });
      res.headers.append("Set-Cookie", clearSessionCookie(request));
      res.headers.append("Set-Cookie", clearVisitedCookie(request));
      return res;
    },
  },
});

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { account, isCouple, canPlan } = loaderData;
  useVisitorChecklistMerge(canPlan);
  const errors: Record<string, string> = actionData?.errors ?? {};
  const updateResult = actionData && actionData.intent !== "delete" && actionData.intent !== "resend" ? actionData : null;
  const values: Record<string, string> = (updateResult && !updateResult.ok ? updateResult.values : null) ?? {};
  return (
    <div className="flex flex-col gap-6">
      <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
        <div className="flex flex-wrap items-center gap-4">
          {account.profile_photo ? (
            <img src={account.profile_photo} alt={m.couple_profile_photo_alt()} width={72} height={72} className="h-18 w-18 rounded-full object-cover" />
          ) : (
            <span aria-hidden="true" className="flex h-18 w-18 items-center justify-center rounded-full bg-maroon-100 text-2xl font-bold text-maroon-700">
              {initials(account.user_name)}
            </span>
          )}
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-3">
              <h1 className="text-3xl font-bold text-maroon-700" translate="no">
                {account.user_name}
              </h1>
              {account.is_verified && <VerifiedBadge />}
            </div>
            <p className="mt-1 text-sm text-ink/75 wrap-anywhere">
              {account.partner_name ? (
                <>
                  {m.couple_with_before()}
                  <span translate="no">{account.partner_name}</span>
                  {m.couple_with_after()} ·{" "}
                </>
              ) : null}
              <span translate="no">{account.email}</span>
              {account.wedding_date ? m.couple_wedding_on({ date: formatDate(account.wedding_date) }) : ""}
              {account.wedding_city ? (
                <>
                  {m.couple_in_before()}
                  <span translate={hasHindiName(account.wedding_city) ? undefined : "no"}>{localName(account.wedding_city, getLocale())}</span>
                  {m.couple_in_after()}
                </>
              ) : null}
            </p>
          </div>
        </div>
        <Form method="post" action="/profile/photo" encType="multipart/form-data" className="mt-4 flex flex-wrap items-end gap-3">
          <div className="flex flex-col gap-1">
            <label htmlFor="profile-photo" className="text-sm font-medium">
              {m.couple_profile_photo()}
            </label>
            <input
              id="profile-photo"
              name="file"
              type="file"
              accept={PHOTO_ACCEPT}
              required
              className="text-sm"
              onChange={(e) => void shrinkChosenPhotos(e.currentTarget)}
            />
            <p className="text-xs text-ink/65">
              <span translate="no">{m.couple_photo_formats()}</span>
              {m.couple_photo_limits({ mb: PHOTO_MAX_BYTES / 1024 / 1024, mp: IMAGE_MEGAPIXELS_MAX })}
            </p>
          </div>
          <SubmitButton pendingText={m.couple_uploading()} className="btn-secondary px-4 py-1.5">
            {m.couple_upload_photo()}
          </SubmitButton>
        </Form>
        {isCouple && (
          <nav aria-label={m.couple_your_vendors()} className="mt-4 flex flex-wrap gap-3 text-sm">
            <Link to="/profile/enquiries" className="btn-secondary px-4 py-1.5">
              {m.couple_your_enquiries()}
            </Link>
            <Link to="/profile/bookings" className="btn-secondary px-4 py-1.5">
              {m.couple_your_bookings()}
            </Link>
            <Link to="/profile/checklist" className="btn-secondary px-4 py-1.5">
              {m.couple_your_checklist()}
            </Link>
          </nav>
        )}
        {!account.is_verified && (
          <div className="mt-4 rounded-lg bg-marigold-300/40 p-3 text-sm">
            <p>{m.couple_not_verified()}</p>
            <Form method="post" className="mt-2">
              <SubmitButton name="intent" value="resend" pendingText={m.couple_sending()} className="btn-secondary px-4 py-1.5">
                {m.couple_send_verification()}
              </SubmitButton>
            </Form>
            {actionData?.intent === "resend" && <p className={`mt-2 ${actionData.ok ? "text-green-800" : "text-red-700"}`}>{actionData.message}</p>}
          </div>
        )}
      </section>

      <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7" aria-labelledby="details-heading">
        <h2 id="details-heading" className="text-xl font-bold">
          {m.couple_your_details()}
        </h2>
        <div className="mt-4">
          {updateResult && <FormAlert tone={updateResult.ok ? "success" : "error"} message={updateResult.message} />}
          <Form method="post" className="grid gap-4 md:grid-cols-2" noValidate>
            <Field
              label={m.couple_name()}
              name="user_name"
              type="text"
              autoComplete="name"
              required
              defaultValue={values.user_name ?? account.user_name}
              error={errors.user_name}
            />
            <Field
              label={m.couple_partner_name()}
              name="partner_name"
              type="text"
              defaultValue={values.partner_name ?? account.partner_name ?? ""}
              error={errors.partner_name}
            />
            <Field
              label={m.couple_mobile_number()}
              name="phone"
              type="tel"
              autoComplete="tel"
              defaultValue={values.phone ?? account.phone ?? ""}
              error={errors.phone}
            />
            <Field
              label={m.couple_wedding_date()}
              name="wedding_date"
              type="date"
              defaultValue={values.wedding_date ?? account.wedding_date ?? ""}
              error={errors.wedding_date}
            />
            {/* The city picker with its old and common names (Bangalore, Gurgaon); a place outside the list can still be typed. */}
            <LocationBox
              locations={PLACES as LocationMap}
              name="wedding_place"
              textName="wedding_city"
              label={m.couple_wedding_city()}
              hideLabel={false}
              error={errors.wedding_city}
              defaultText={values.wedding_city ?? account.wedding_city ?? ""}
            />
            <Field
              label={m.couple_estimated_guests()}
              name="guest_estimate"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              defaultValue={values.guest_estimate ?? (account.guest_estimate === null ? "" : String(account.guest_estimate))}
              error={errors.guest_estimate}
            />
            <Field
              label={m.couple_total_budget()}
              name="total_budget"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              hint={account.total_budget !== null ? m.couple_budget_now({ amount: formatRupees(account.total_budget) }) : m.couple_budget_hint()}
              defaultValue={values.total_budget ?? (account.total_budget === null ? "" : String(account.total_budget))}
              error={errors.total_budget}
            />
            <div className="md:col-span-2">
              <input type="hidden" name="planning_reminders" value="false" />
              <Checkbox
                name="planning_reminders"
                label={<span className="font-medium">{m.couple_reminder_label()}</span>}
                defaultChecked={values.planning_reminders ? values.planning_reminders === "true" : account.planning_reminders}
                hint={m.couple_reminder_text()}
                error={errors.planning_reminders}
              />
            </div>
            <div className="md:col-span-2">
              <SubmitButton name="intent" value="update" pendingText={m.couple_saving()} className="btn-primary">
                {m.couple_save_changes()}
              </SubmitButton>
            </div>
          </Form>
        </div>
      </section>

      {isCouple && <WhatsAppCard {...loaderData.whatsapp} />}
      <SignInWays verifiedPhone={loaderData.account.verified_phone} email={loaderData.account.email} />

      <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
        <h2 className="text-xl font-bold">{m.couple_password()}</h2>
        <p className="mt-1 text-sm text-ink/75">{account.has_password ? m.couple_password_change_text() : m.couple_password_google_text()}</p>
        <Link to={account.has_password ? "/user-change-password" : "/user-forgot-password"} className="btn-secondary mt-3">
          {account.has_password ? m.couple_change_password() : m.couple_set_password()}
        </Link>
      </section>

      <section className="rounded-2xl border border-red-200 bg-white p-5 md:p-7" aria-labelledby="delete-heading">
        <h2 id="delete-heading" className="text-xl font-bold text-red-800">
          {m.couple_delete_account()}
        </h2>
        <p className="mt-1 text-sm text-ink/75">{m.couple_delete_text()}</p>
        {actionData?.intent === "delete" && <FormAlert message={actionData.message} />}
        <Form method="post" className="mt-3 flex flex-col gap-3">
          <Checkbox name="confirm" value="yes" label={m.couple_delete_understand()} />
          <SubmitButton name="intent" value="delete" pendingText={m.couple_deleting()} className="btn self-start bg-red-700 text-white hover:bg-red-800">
            {m.couple_delete_my_account()}
          </SubmitButton>
        </Form>
      </section>
    </div>
  );
}
