import { z } from "zod";
import { pageAction, type IntentCall } from "#app/lib/page-action.server.ts";
import { loadOrRespond } from "#app/lib/page-errors.server.ts";
import { adminTemplates, deleteTemplate, setTemplateStatus, setTemplateThumbnail, THUMBNAIL_MAX_BYTES, updateTemplate } from "#domain/invitations/index.ts";
import { ACCESS, type DomainContext, parseInput } from "#domain/core/index.ts";
import { mediaTypeOf, readFormData, readMultipart } from "#platform/request-body.ts";
import { TEMPLATE_STATUSES } from "#shared/template-schemas.ts";

/** /admin/templates' loader and forms (the page is templates.tsx); the rules are functions/domain/invitations/invite-templates.ts's. */
export function loadAdminTemplates(request: Request, domain: DomainContext) {
  return loadOrRespond(request, async () => ({ templates: await adminTemplates(domain) }));
}

const idField = z.string({ error: "Which template?" }).trim().min(1, "Which template?").max(64, "Which template?");
const statusForm = z.object({ templateId: idField, status: z.enum(TEMPLATE_STATUSES, { error: "Choose Draft, Published or Archived." }) });
const idForm = z.object({ templateId: idField });
export const EDIT_FIELDS = ["name", "price", "mood", "requirement", "tags", "description", "designer"] as const;

/** The thumbnail form is multipart (read as a stream that stops past 5 MB); the others are plain forms. */
async function readTemplateForm(request: Request): Promise<FormData> {
  if (mediaTypeOf(request) !== "multipart/form-data") return readFormData(request);
  const { fields, files } = await readMultipart(request, { files: { image: 1 }, maxFileBytes: THUMBNAIL_MAX_BYTES });
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files.image ?? []) form.append("image", file);
  return form;
}

const done = ({ intent }: IntentCall, templateId: string, message: string) => ({ ok: true as const, intent, templateId, message });

/** Publish / Archive / Back to draft, the details, the thumbnail and Delete, each on one template's card (`<intent>:<templateId>`). */
export const adminTemplatesAction = pageAction({
  access: ACCESS.signedIn,
  read: readTemplateForm,
  unknown: "Choose what to do with the template.",
  failureIntent: (intent, form) => `${intent}:${String(form.get("templateId") ?? "")}`,
  intents: {
    thumbnail: async (call) => {
      const { templateId } = parseInput(idForm, call.fields);
      const image = call.form.get("image");
      const result = await setTemplateThumbnail(call.domain, templateId, image instanceof File ? image : undefined);
      return done(call, templateId, result.message);
    },
    status: async (call) => {
      const { templateId, status } = parseInput(statusForm, call.fields);
      return done(call, templateId, (await setTemplateStatus(call.domain, templateId, status)).message);
    },
    delete: async (call) => {
      const { templateId } = parseInput(idForm, call.fields);
      return done(call, templateId, (await deleteTemplate(call.domain, templateId)).message);
    },
    update: async (call) => {
      const { templateId } = parseInput(idForm, call.fields);
      const patch = Object.fromEntries(EDIT_FIELDS.filter((k) => typeof call.fields[k] === "string").map((k) => [k, call.fields[k]]));
      const t = await updateTemplate(call.domain, templateId, patch);
      return done(call, templateId, `${t.message} “${t.name}” updated.`);
    },
  },
});
