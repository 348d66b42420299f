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

/**
 * The business profile (/VendorDashboard/vendor-profile): what couples see on the vendor's public
 * page. The form posts to the same domain call as PATCH /vendors/update; the logo form posts the
 * file to /VendorDashboard/vendor-profile/logo.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle("Business profile") }];

const PROFILE_SAVED = "Your business profile has been updated.";

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
      return done(PROFILE_SAVED);
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
            <img src={profile.logo} alt={`${profile.name} logo`} width={96} height={96} className="h-24 w-24 shrink-0 rounded-full object-cover" />
          ) : (
            <span aria-hidden="true" className="grid h-24 w-24 shrink-0 place-items-center rounded-full bg-maroon-100 text-3xl font-bold text-maroon-700">
              {initials(profile.name)}
            </span>
          )}
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <h1 className="text-3xl font-bold text-maroon-700">Business profile</h1>
            <p className="text-sm text-ink/75">
              Couples see this on{" "}
              <Link to={profile.publicPath} className="font-semibold text-maroon-700 underline">
                your public page
              </Link>
              .
            </p>
          </div>
        </div>
        <h2 id="logo-heading" className="mt-5 text-lg font-bold">
          Logo
        </h2>
        <form
          method="post"
          action="/VendorDashboard/vendor-profile/logo"
          encType="multipart/form-data"
          className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-end"
        >
          <div className="flex flex-col gap-1">
            <label htmlFor="profile-logo" className="text-sm font-medium">
              {profile.logo ? "Replace the logo" : "Upload a logo"}
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
            <p className="text-xs text-ink/65">A square JPEG, PNG or WebP image. Without a logo, the first two letters of your business name are shown.</p>
          </div>
          <button type="submit" className="btn-secondary self-start px-4 py-2">
            Upload logo
          </button>
        </form>
      </section>

      <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7" aria-labelledby="details-heading">
        <h2 id="details-heading" className="text-xl font-bold">
          Your business
        </h2>
        <div className="mt-4">
          {actionData && <FormAlert tone={actionData.ok ? "success" : "error"} message={actionData.message} />}
          <Form method="post" className="grid gap-4 md:grid-cols-2" noValidate>
            <input type="hidden" name="intent" value="update" />
            <Field label="Business name" name="name" type="text" autoComplete="organization" required defaultValue={value("name")} error={errors.name} />
            <CategorySelect defaultValue={value("business_category")} error={errors.business_category} />
            <Field
              label="Tagline"
              name="tagline"
              type="text"
              maxLength={120}
              defaultValue={value("tagline")}
              error={errors.tagline}
              hint="One line under your name, up to 120 characters."
              className="md:col-span-2"
            />
            <TextArea
              id="profile-description"
              label="About us"
              name="description"
              rows={6}
              className="md:col-span-2"
              defaultValue={value("description")}
              error={errors.description}
              hint="Up to 4,000 characters."
            />
            <Field
              label="Phone"
              name="phone_number"
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              required
              defaultValue={value("phone_number")}
              error={errors.phone_number}
            />
            <Field
              label="E-mail for couples"
              name="email"
              type="email"
              autoComplete="email"
              defaultValue={value("email")}
              error={errors.email}
              hint="Shown on your public page; your log-in address stays as it is."
            />
            <PlacePicker locations={locations} state={value("state")} city={value("city")} errors={{ state: errors.state, city: errors.city }} />
            <Field
              label="Facebook"
              name="facebook"
              type="text"
              data-raw
              defaultValue={value("facebook")}
              error={errors.facebook}
              hint="Your page address or handle, like @yourbusiness."
            />
            <Field
              label="Instagram"
              name="instagram"
              type="text"
              data-raw
              defaultValue={value("instagram")}
              error={errors.instagram}
              hint="Your profile address or handle, like @yourbusiness."
            />
            <Field
              label="Website"
              name="website"
              type="url"
              inputMode="url"
              defaultValue={value("website")}
              error={errors.website}
              hint="A full address starting with https://"
              className="md:col-span-2"
            />
            <div className="md:col-span-2">
              <SubmitButton pendingText="Saving…" className="btn-primary">
                Save profile
              </SubmitButton>
            </div>
          </Form>
        </div>
      </section>
    </div>
  );
}
