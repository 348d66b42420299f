import { Form, Link } from "react-router";
import type { Route } from "./+types/templates";
import { appContext } from "#functions/page-context.ts";
import { SubmitButton } from "#app/components/auth/AuthForm.tsx";
import { Field, Select, TextArea } from "#app/components/ui/index.ts";
import { shrinkChosenPhotos } from "#app/lib/upload-client.ts";
import type { AdminTemplate } from "#domain/invitations/index.ts";
import { formatCount, formatRupees } from "#shared/format.ts";
import { pageTitle } from "#shared/strings.ts";
import { MOOD_LABELS, REQUIREMENT_LABELS, STATUS_LABELS, TEMPLATE_MOODS, TEMPLATE_REQUIREMENTS, TEMPLATE_STATUSES } from "#shared/template-schemas.ts";
import { adminTemplatesAction, type EDIT_FIELDS, loadAdminTemplates } from "./templates.server.ts";

/**
 * /admin/templates: every invitation template (drafts, published, archived) with its price, views
 * and uses; Publish / Archive / Back to draft, an edit form for its details, and Delete (archived
 * instead once someone bought or used it). Plain forms with an intent, so all of it works without
 * JavaScript; the rules are functions/domain/invitations/template-admin.ts's, shared with the admins' API
 * (PUT /inviteTemplate/{id}, DELETE /inviteTemplate/{id}). The design itself is made in the editor.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle("Invitation templates") }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadAdminTemplates(request, context.get(appContext).domain);
}

export const action = adminTemplatesAction;

type ActionData = Route.ComponentProps["actionData"];

function StatusBadge({ status }: { status: AdminTemplate["status"] }) {
  const tone = { PUBLISHED: "bg-green-100 text-green-900", DRAFT: "bg-marigold-300 text-maroon-900", ARCHIVED: "bg-ink/10 text-ink/80" }[status];
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`} data-testid="status">
      {STATUS_LABELS[status]}
    </span>
  );
}

function EditForm({ t, failure }: { t: AdminTemplate; failure: { errors: Record<string, string>; values?: Record<string, string> } | null }) {
  const v = (k: (typeof EDIT_FIELDS)[number], fallback: string) => failure?.values?.[k] ?? fallback;
  const e = failure?.errors ?? {};
  return (
    <details className="mt-3 rounded-xl border border-maroon-100 p-3" open={Boolean(failure)}>
      <summary className="cursor-pointer text-sm font-semibold text-maroon-700">
        Edit details<span className="sr-only"> of {t.name}</span>
      </summary>
      <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2">
        <input type="hidden" name="templateId" value={t.id} />
        <Field label="Name" name="name" defaultValue={v("name", t.name)} error={e.name} required maxLength={80} />
        <Field
          label="Price (₹, 0 for free)"
          name="price"
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          defaultValue={v("price", String(t.price))}
          error={e.price}
        />
        <Select
          id={`mood-${t.id}`}
          label="Mood"
          name="mood"
          defaultValue={v("mood", t.mood)}
          error={e.mood}
          options={TEMPLATE_MOODS.map((m) => [m, MOOD_LABELS[m]] as const)}
        />
        <Select
          id={`req-${t.id}`}
          label="Collection"
          name="requirement"
          defaultValue={v("requirement", t.requirement ?? "")}
          placeholder="None"
          options={TEMPLATE_REQUIREMENTS.map((r) => [r, REQUIREMENT_LABELS[r]] as const)}
        />
        <Field
          label="Tags (comma-separated)"
          name="tags"
          defaultValue={v("tags", t.tags.join(", "))}
          error={e.tags ?? Object.entries(e).find(([k]) => k.startsWith("tags."))?.[1]}
          hint="Lowercase words or hyphens: hindu, south-indian, royal"
        />
        <Field label="Designer" name="designer" defaultValue={v("designer", t.designer ?? "")} error={e.designer} maxLength={80} />
        <TextArea
          id={`desc-${t.id}`}
          label="Description"
          name="description"
          rows={3}
          maxLength={1000}
          defaultValue={v("description", t.description)}
          error={e.description}
          className="sm:col-span-2"
        />
        <div className="sm:col-span-2">
          <SubmitButton name="intent" value="update" pendingText="Saving…" className="btn-primary">
            Save details<span className="sr-only"> of {t.name}</span>
          </SubmitButton>
        </div>
      </Form>
      <Form method="post" encType="multipart/form-data" className="mt-4 flex flex-wrap items-end gap-3 border-t border-maroon-100 pt-3">
        <input type="hidden" name="templateId" value={t.id} />
        <div className="flex flex-col gap-1">
          <label htmlFor={`thumb-${t.id}`} className="text-sm font-medium">
            Thumbnail image (PNG, JPEG or WebP, up to 5 MB)
          </label>
          <input
            id={`thumb-${t.id}`}
            type="file"
            name="image"
            accept="image/png,image/jpeg,image/webp"
            required
            className="text-sm"
            onChange={(ev) => void shrinkChosenPhotos(ev.currentTarget)}
          />
          {e.image && <p className="text-sm text-red-700">{e.image}</p>}
        </div>
        <SubmitButton name="intent" value="thumbnail" pendingText="Uploading…" className="btn-secondary">
          Upload thumbnail<span className="sr-only"> of {t.name}</span>
        </SubmitButton>
      </Form>
    </details>
  );
}

function TemplateRow({ t, actionData }: { t: AdminTemplate; actionData: ActionData }) {
  const heading = `tpl-${t.id}`;
  const mine = actionData && actionData.intent && "templateId" in actionData ? actionData.templateId === t.id : false;
  const failure = actionData && !actionData.ok && actionData.intent?.endsWith(`:${t.id}`) ? actionData : null;
  const done = actionData?.ok && mine ? actionData.message : null;
  const others = TEMPLATE_STATUSES.filter((s) => s !== t.status);
  const statusVerb = { PUBLISHED: "Publish", ARCHIVED: "Archive", DRAFT: "Back to draft" } as const;
  return (
    <li className="rounded-2xl border border-maroon-100 bg-white p-4" data-testid="admin-template" aria-labelledby={heading}>
      <div className="flex gap-3">
        <div className="w-16 shrink-0">
          {t.thumbnailUrl ? (
            <img src={t.thumbnailUrl} alt="" width={t.width} height={t.height} loading="lazy" className="h-auto w-full rounded-lg" />
          ) : (
            <div style={{ aspectRatio: `${t.width} / ${t.height}` }} className="w-full rounded-lg bg-[#f3ece2]" />
          )}
        </div>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={heading} className="text-lg font-bold break-words text-maroon-700">
              {t.name}
            </h3>
            <StatusBadge status={t.status} />
          </div>
          <p className="text-sm">
            <span className="font-semibold">{t.price > 0 ? formatRupees(t.price) : "Free"}</span> · {MOOD_LABELS[t.mood]}
            {t.requirement ? ` · ${REQUIREMENT_LABELS[t.requirement]}` : ""}
          </p>
          <p className="text-sm text-ink/75">
            <span data-testid="views">{formatCount(t.viewCount)} views</span> · <span data-testid="uses">{formatCount(t.useCount)} uses</span>
            {t.tags.length > 0 && ` · ${t.tags.join(", ")}`}
          </p>
        </div>
      </div>
      {done && (
        <p role="status" className="mt-3 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-800">
          {done}
        </p>
      )}
      {failure && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {failure.message}
        </p>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {others.map((s) => (
          <Form method="post" key={s}>
            <input type="hidden" name="templateId" value={t.id} />
            <input type="hidden" name="status" value={s} />
            <SubmitButton
              name="intent"
              value="status"
              pendingText="Saving…"
              className={s === "PUBLISHED" ? "btn-primary px-4 py-2" : "btn-secondary px-4 py-2"}
            >
              {statusVerb[s]}
              <span className="sr-only"> {t.name}</span>
            </SubmitButton>
          </Form>
        ))}
        <Link to={`/update_editor?template=${encodeURIComponent(t.id)}`} className="btn-secondary px-4 py-2">
          Edit design<span className="sr-only"> of {t.name}</span>
        </Link>
        <Link to={`/guests/see-template/${encodeURIComponent(t.id)}`} className="px-2 py-2 text-sm text-maroon-700 underline underline-offset-4">
          View<span className="sr-only"> {t.name}</span>
        </Link>
        <Form
          method="post"
          className="ml-auto"
          onSubmit={(e) => {
            if (!window.confirm(`Delete “${t.name}”? A template someone bought or used is archived instead.`)) e.preventDefault();
          }}
        >
          <input type="hidden" name="templateId" value={t.id} />
          <SubmitButton name="intent" value="delete" pendingText="Deleting…" className="px-3 py-2 text-sm text-red-800 underline underline-offset-4">
            Delete<span className="sr-only"> {t.name}</span>
          </SubmitButton>
        </Form>
      </div>
      <EditForm t={t} failure={failure && (failure.intent?.startsWith("update:") || failure.intent?.startsWith("thumbnail:")) ? failure : null} />
    </li>
  );
}

export default function AdminTemplates({ loaderData, actionData }: Route.ComponentProps) {
  const { templates } = loaderData;
  const counts = Object.fromEntries(TEMPLATE_STATUSES.map((s) => [s, templates.filter((t) => t.status === s).length])) as Record<string, number>;
  const general = actionData && !actionData.ok && !templates.some((t) => actionData.intent?.endsWith(`:${t.id}`));
  return (
    <div className="flex flex-col gap-4">
      <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h1 className="text-3xl font-bold text-maroon-700">Invitation templates</h1>
            <p className="mt-1 text-sm text-ink/75">
              {formatCount(counts.PUBLISHED ?? 0)} published, {formatCount(counts.DRAFT ?? 0)} drafts, {formatCount(counts.ARCHIVED ?? 0)} archived. Couples see
              published templates only. Deleting a template someone bought or used archives it instead, so their purchases and cards stay.
            </p>
          </div>
          <Link to="/editor?mode=template" className="btn-primary">
            New template
          </Link>
        </div>
        {general && actionData && (
          <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {actionData.message}
          </p>
        )}
      </section>
      <section aria-labelledby="all-heading" className="flex flex-col gap-3">
        <h2 id="all-heading" className="text-xl font-bold">
          All templates ({formatCount(templates.length)})
        </h2>
        {templates.length ? (
          <ul className="flex flex-col gap-3">
            {templates.map((t) => (
              <TemplateRow key={t.id} t={t} actionData={actionData} />
            ))}
          </ul>
        ) : (
          <p className="text-sm">No templates yet. Make the first one in the editor.</p>
        )}
      </section>
    </div>
  );
}
