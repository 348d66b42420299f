import type { Route } from "./+types/route";
import { appContext } from "#functions/page-context.ts";
import { servicePath } from "#shared/catalogue.ts";
import {
  addFaq,
  deleteFaq,
  deleteService,
  moveFaq,
  SERVICE_MESSAGES,
  serviceForEdit,
  setServiceStatus,
  updateFaq,
  updateService,
} from "#domain/catalogue/index.ts";
import { redirectWithToast } from "#platform/cookies.ts";
import { formFailure, loadOrRespond, pagePath } from "#app/lib/page-errors.server.ts";
import { draftForForm, readDashboardForm } from "../service-actions.server.ts";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  return loadOrRespond(request, async () => {
    const { service, faqs, photoCount } = await serviceForEdit(domain, params.serviceId);
    const publicPath = servicePath({
      id: service.id,
      serviceCategory: service.service_category,
      serviceType: service.service_type,
      state: service.state,
      city: service.city,
    });
    const confirmDelete = new URL(request.url).searchParams.get("confirm") === "delete";
    return { service, faqs, photoCount, publicPath, confirmDelete };
  });
}

/**
 * The service page's forms, by intent: save, draft, archive, unarchive, delete (after the
 * confirmation step), and per question faq-add, faq-update, faq-delete, faq-up, faq-down. Each
 * calls the domain function the API calls; success comes back as a toast on the page.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { domain } = context.get(appContext);
  const id = params.serviceId;
  const here = pagePath(request);
  let intent = "save";
  const done = (message: string, to = here) => redirectWithToast(request, to, { type: "success", message });
  try {
    const form = await readDashboardForm(request);
    intent = form.intent;
    const faqId = form.fields.faqId ?? "";
    switch (intent) {
      case "draft":
        return await draftForForm(domain, form.fields);
      case "archive":
      case "unarchive":
        return done((await setServiceStatus(domain, id, intent === "archive" ? "archived" : "active")).message);
      case "delete": {
        const result = await deleteService(domain, id);
        return result.deleted ? done(result.message, "/VendorDashboard") : done(result.message);
      }
      case "faq-add":
        await addFaq(domain, id, form.fields);
        return done(SERVICE_MESSAGES.faqAdded, `${here}#faqs`);
      case "faq-update":
        await updateFaq(domain, id, faqId, form.fields);
        return done(SERVICE_MESSAGES.faqUpdated, `${here}#faqs`);
      case "faq-delete":
        await deleteFaq(domain, id, faqId);
        return done(SERVICE_MESSAGES.faqDeleted, `${here}#faqs`);
      case "faq-up":
      case "faq-down":
        await moveFaq(domain, id, faqId, intent === "faq-up" ? "up" : "down");
        return done(SERVICE_MESSAGES.faqMoved, `${here}#faqs`);
      default:
        await updateService(domain, id, form.fields);
        return done(SERVICE_MESSAGES.updated);
    }
  } catch (e) {
    return formFailure(e, request, { intent });
  }
}
