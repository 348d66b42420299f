import { useState } from "react";
import { data, Form, useSearchParams } from "react-router";
import type { Route } from "./+types/ui";
import { appContext } from "#functions/page-context.ts";
import { devPagesEnabled } from "#platform/dev-pages.ts";
import { formFailure, readForm } from "#app/lib/page-errors.server.ts";
import { SubmitButton } from "#app/components/auth/AuthForm.tsx";
import { CellCheckbox, Checkbox, Dialog, Field, FormAlert, Pager, Panel, Select, Tabs, TextArea } from "#app/components/ui/index.ts";
import { formProps, usePageForm } from "#app/components/ui/forms.ts";
import { PASSWORD_RULE, registerUserInput } from "#shared/account-schemas.ts";
import { pageTitle } from "#shared/strings.ts";

/**
 * Development only: every UI primitive of app/components/ui on one page, in each of its states
 * (hint, error, disabled), and one form checked by a shared schema in the browser and by this
 * page's action (which stores nothing). Not found unless the development pages are enabled
 * (functions/platform/dev-pages.ts).
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle("UI primitives (development)") }, { name: "robots", content: "noindex" }];

export function loader({ request, context }: Route.LoaderArgs) {
  if (!devPagesEnabled(context.get(appContext).env, request)) throw data(null, { status: 404 });
  return { ok: true };
}

export async function action({ request, context }: Route.ActionArgs) {
  if (!devPagesEnabled(context.get(appContext).env, request)) throw data(null, { status: 404 });
  try {
    await readForm(request, registerUserInput);
    return { ok: true as const, message: "Every field fits the sign-up schema (nothing was stored).", errors: {} as Record<string, string> };
  } catch (e) {
    return formFailure(e, request);
  }
}

const CITIES: [string, string][] = [
  ["Jaipur", "Jaipur"],
  ["Kochi", "Kochi"],
  ["Lucknow", "Lucknow"],
];

export default function UiPrimitives({ actionData }: Route.ComponentProps) {
  const [form, fields] = usePageForm(registerUserInput, { result: actionData });
  const [open, setOpen] = useState(false);
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get("page")) || 1);
  const href = (p: number) => `/dev/ui?page=${p}`;
  return (
    <div className="container-page grid gap-6 py-6 md:py-10">
      <h1 className="text-3xl font-bold text-maroon-700">UI primitives</h1>
      <p className="text-sm text-ink/75">app/components/ui: what a page uses instead of writing a field, a panel or a pager by hand (docs/decisions/0038).</p>

      <Panel title="A form through Conform" id="conform" actions={<span className="text-xs text-ink/65">schema: registerUserInput</span>}>
        <FormAlert message={actionData?.ok === false && !Object.keys(actionData.errors).length ? actionData.message : null} />
        <FormAlert tone="success" message={actionData?.ok ? actionData.message : null} />
        <Form method="post" className="grid gap-4 md:grid-cols-2" {...formProps(form)}>
          <Field meta={fields.user_name} label="Your name" autoComplete="name" required />
          <Field meta={fields.email} label="E-mail address" type="email" autoComplete="email" required />
          <Field meta={fields.phone} label="Mobile number (optional)" type="tel" inputMode="tel" />
          <Field meta={fields.password} label="Password" type="password" autoComplete="new-password" required hint={PASSWORD_RULE} />
          <Field meta={fields.confirmPassword} label="Repeat the password" type="password" autoComplete="new-password" required />
          <div className="flex items-end">
            <SubmitButton pendingText="Checking…" className="btn-primary w-full py-3">
              Check
            </SubmitButton>
          </div>
        </Form>
      </Panel>

      <Panel title="Fields" id="fields">
        <div className="grid gap-4 md:grid-cols-3">
          <Field name="demo_text" label="Text" hint="A hint under the field." />
          <Field name="demo_email" type="email" label="E-mail (in error)" defaultValue="asha@" error="Please enter a valid e-mail address." />
          <Field name="demo_number" type="number" label="Guests" defaultValue="250" min={0} />
          <Field name="demo_tel" type="tel" label="Mobile number" defaultValue="98765 43210" />
          <Field name="demo_date" type="date" label="Wedding date" defaultValue="2027-02-14" />
          <Field name="demo_disabled" label="Disabled" defaultValue="Cannot be changed" disabled />
          <TextArea name="demo_message" label="Message" hint="Free text stays as typed." />
          <TextArea name="demo_message_error" label="Message (in error)" defaultValue="Hi" error="Write at least 20 characters." />
          <Select name="demo_city" label="City" placeholder="Choose a city" options={CITIES} />
          <Select name="demo_city_error" label="City (in error)" placeholder="Choose a city" options={CITIES} error="Choose a city from the list." />
          <Select name="demo_city_disabled" label="City (disabled)" options={CITIES} defaultValue="Kochi" disabled />
          <div className="grid content-start gap-3">
            <Checkbox name="demo_reminders" label="E-mail me the daily planning reminder" hint="Once a day, at 8 am." />
            <Checkbox name="demo_terms" label="I accept the terms" error="Please accept the terms." />
            <Checkbox name="demo_disabled_box" label="Disabled and ticked" defaultChecked disabled />
            <p className="text-sm">
              In a grid cell, named by its row and column: <CellCheckbox name="demo_cell" label="Invite the Sharma family to the Sangeet" defaultChecked />
            </p>
          </div>
          <Field name="demo_colour" type="color" label="Colour" defaultValue="#7f1d1d" />
          <Field name="demo_range" type="range" label="Opacity" min={0} max={1} step={0.05} defaultValue="0.8" />
        </div>
        <p className="mt-4 text-sm text-ink/75">Compact (the card editor&apos;s tool panels):</p>
        <div className="mt-2 grid max-w-xs gap-3">
          <Field compact name="demo_compact_text" label="Bride" defaultValue="Meera" />
          <Select compact name="demo_compact_font" label="Font" options={CITIES} />
          <TextArea compact name="demo_compact_venue" label="Venue" rows={2} error="Write the venue." />
        </div>
        <p className="mt-4 text-sm text-ink/75">A label for screen readers only (a one-field form whose placeholder and button say what it is for):</p>
        <div className="mt-2 flex max-w-md items-center gap-2">
          <Field hideLabel name="demo_hidden_label" label="Category title" placeholder="e.g. Honeymoon" className="min-w-0 flex-1" />
          <button type="button" className="btn-primary">
            Add category
          </button>
        </div>
      </Panel>

      <Panel title="Messages" id="messages">
        <FormAlert message="Wrong e-mail or password." />
        <FormAlert tone="success" message="Your changes are saved." className="mb-0" />
      </Panel>

      <Panel title="Pagers" id="pagers">
        <div className="grid gap-2">
          <Pager page={page} pages={12} href={href} />
          <Pager page={page} pages={12} href={href} numbers label="Pagination" className="justify-center" />
          <Pager page={page} hasMore href={href} previousLabel="Newer" nextLabel="Older" label="Older and newer" />
        </div>
      </Panel>

      <div className="grid gap-6 md:grid-cols-2">
        <Panel title="Dialog" id="dialog">
          <button type="button" className="btn-secondary" onClick={() => setOpen(true)}>
            Open the dialog
          </button>
          <Dialog open={open} onClose={() => setOpen(false)} title="Remove this function?" description="Its tasks and guests stay; only the function goes.">
            <Field name="demo_reason" label="Why (optional)" />
            <div className="flex justify-end gap-2">
              <button type="button" className="btn-secondary" onClick={() => setOpen(false)}>
                Keep it
              </button>
              <button type="button" className="btn-primary" onClick={() => setOpen(false)}>
                Remove
              </button>
            </div>
          </Dialog>
        </Panel>
        <Panel title="Tabs" id="tabs">
          <Tabs
            label="Write or preview"
            tabs={[
              { id: "write", label: "Write", panel: <p className="text-sm">The text box would be here.</p> },
              { id: "preview", label: "Preview", panel: <p className="text-sm">The rendered post would be here.</p> },
              { id: "help", label: "Help", panel: <p className="text-sm">## for a heading, - for a list.</p> },
            ]}
          />
        </Panel>
      </div>
    </div>
  );
}
