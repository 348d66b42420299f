import { Form, Link } from "react-router";
import type { Route } from "./+types/vendor-profile";
import { updateVendorInput } from "#shared/account-schemas.ts";
import { requireAccountView, updateVendor } from "#domain/accounts/index.ts";
import { PLACES } from "#shared/places.ts";
import { NotFound } from "#domain/core/index.ts";
import { appContext } from "#functions/page-context.ts";
import { SubmitButton } from "#app/components/auth/AuthForm.tsx";
import { Field, FormAlert, TextArea } from "#app/components/ui/index.ts";
import { shrinkChosenPhotos } from "#app/lib/upload-client.ts";
import { loadOrRespond } from "#app/lib/page-errors.server.ts";
import { pageAction } from "#app/lib/page-action.server.ts";
import { initials } from "#shared/format.ts";
import { vendorPath } from "#shared/links.ts";
import { mediaUrl } from "#shared/media.ts";
import { pageTitle } from "#shared/strings.ts";
import { CategorySelect, PlacePicker } from "./vendor-profile-fields.tsx";
import { m } from "#shared/paraglide/messages.js";
import { rich } from "#app/components/rich.tsx";

/**
 * The business profile (/VendorDashboard/vendor-profile): what couples see on the vendor's public
 * page. The form posts to the same domain call as PATCH /vendors/update; the logo form posts the
 * file to /VendorDashboard/vendor-profile/logo.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle(m.vendor_profile_title()) }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  return loadOrRespond(request, async () => {
    const account = await requireAccountView(domain);
    const v = account.vendor;
    if (!v) throw new NotFound();
    return {
      profile: {
        name: v.name,
        business_category: v.business_category,
        tagline: v.tagline,
        description: v.description,
        phone_number: v.phone_number,
        email: v.email,
        state: v.state,
        city: v.city,
        facebook: v.facebook,
        instagram: v.instagram,
        website: v.website,
        logo: v.logo_key ? mediaUrl(v.logo_key) : null,
        publicPath: vendorPath({ slug: v.slug, city: v.city }),
      },
      locations: PLACES,
    };
  });
}

/** The business form (intent=update; any form here is it): the same domain call as PATCH /vendors/update. */
export const action = pageAction({
  defaultIntent: "update",
  intents: {
    update: async ({ domain, input, done }) => {
      await updateVendor(domain, input(updateVendorInput));
      return done(m.vendor_profile_saved());
    },
  },
});

export default function VendorProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, locations } = loaderData;
  const errors: Record<string, string> = actionData?.errors ?? {};
  const typed: Record<string, string> = (actionData && !actionData.ok ? actionData.values : null) ?? {};
  const value = (k: keyof typeof profile) => typed[k] ?? (profile[k] as string | null) ?? "";
  return (
    <div className="flex flex-col gap-6">
      <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7" aria-labelledby="logo-heading">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
          {profile.logo ? (
            <img
              src={profile.logo}
              alt={m.vendor_profile_logo_alt({ name: profile.name })}
              width={96}
              height={96}
              className="h-24 w-24 shrink-0 rounded-full object-cover"
            />
          ) : (
            <span aria-hidden="true" className="grid h-24 w-24 shrink-0 place-items-center rounded-full bg-maroon-100 text-3xl font-bold text-maroon-700">
              {initials(profile.name)}
            </span>
          )}
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <h1 className="text-3xl font-bold text-maroon-700">{m.vendor_profile_title()}</h1>
            <p className="text-sm text-ink/75">
              {rich(m.vendor_profile_couples_see, {
                link: (
                  <Link to={profile.publicPath} className="font-semibold text-maroon-700 underline">
                    {m.vendor_profile_public_page()}
                  </Link>
                ),
              })}
            </p>
          </div>
        </div>
        <h2 id="logo-heading" className="mt-5 text-lg font-bold">
          {m.vendor_profile_logo()}
        </h2>
        <form
          method="post"
          action="/VendorDashboard/vendor-profile/logo"
          encType="multipart/form-data"
          className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-end"
        >
          <div className="flex flex-col gap-1">
            <label htmlFor="profile-logo" className="text-sm font-medium">
              {profile.logo ? m.vendor_profile_replace_logo() : m.vendor_profile_upload_a_logo()}
            </label>
            <input
              id="profile-logo"
              type="file"
              name="file"
              accept="image/jpeg,image/png,image/webp"
              required
              className="text-sm"
              onChange={(e) => void shrinkChosenPhotos(e.currentTarget)}
            />
            <p className="text-xs text-ink/65">{m.vendor_profile_logo_hint()}</p>
          </div>
          <button type="submit" className="btn-secondary self-start px-4 py-2">
            {m.vendor_profile_upload_logo()}
          </button>
        </form>
      </section>

      <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7" aria-labelledby="details-heading">
        <h2 id="details-heading" className="text-xl font-bold">
          {m.vendor_profile_your_business()}
        </h2>
        <div className="mt-4">
          {actionData && <FormAlert tone={actionData.ok ? "success" : "error"} message={actionData.message} />}
          <Form method="post" className="grid gap-4 md:grid-cols-2" noValidate>
            <input type="hidden" name="intent" value="update" />
            <Field
              label={m.vendor_profile_business_name()}
              name="name"
              type="text"
              autoComplete="organization"
              required
              defaultValue={value("name")}
              error={errors.name}
            />
            <CategorySelect defaultValue={value("business_category")} error={errors.business_category} />
            <Field
              label={m.vendor_profile_tagline()}
              name="tagline"
              type="text"
              maxLength={120}
              defaultValue={value("tagline")}
              error={errors.tagline}
              hint={m.vendor_profile_tagline_hint()}
              className="md:col-span-2"
            />
            <TextArea
              id="profile-description"
              label={m.vendor_profile_about()}
              name="description"
              translate="no"
              rows={6}
              className="md:col-span-2"
              defaultValue={value("description")}
              error={errors.description}
              hint={m.vendor_profile_about_hint()}
            />
            <Field
              label={m.vendor_profile_phone()}
              name="phone_number"
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              required
              defaultValue={value("phone_number")}
              error={errors.phone_number}
            />
            <Field
              label={m.vendor_profile_email()}
              name="email"
              type="email"
              autoComplete="email"
              defaultValue={value("email")}
              error={errors.email}
              hint={m.vendor_profile_email_hint()}
            />
            <PlacePicker locations={locations} state={value("state")} city={value("city")} errors={{ state: errors.state, city: errors.city }} />
            <Field
              label="Facebook"
              name="facebook"
              type="text"
              data-raw
              defaultValue={value("facebook")}
              error={errors.facebook}
              hint={rich(m.vendor_profile_facebook_hint, { handle: <span translate="no">@yourbusiness</span> })}
            />
            <Field
              label="Instagram"
              name="instagram"
              type="text"
              data-raw
              defaultValue={value("instagram")}
              error={errors.instagram}
              hint={rich(m.vendor_profile_instagram_hint, { handle: <span translate="no">@yourbusiness</span> })}
            />
            <Field
              label={m.vendor_profile_website()}
              name="website"
              type="url"
              inputMode="url"
              defaultValue={value("website")}
              error={errors.website}
              hint={rich(m.vendor_profile_website_hint, { scheme: <span translate="no">https://</span> })}
              className="md:col-span-2"
            />
            <div className="md:col-span-2">
              <SubmitButton pendingText={m.vendor_saving()} className="btn-primary">
                {m.vendor_profile_save()}
              </SubmitButton>
            </div>
          </Form>
        </div>
      </section>
    </div>
  );
}
