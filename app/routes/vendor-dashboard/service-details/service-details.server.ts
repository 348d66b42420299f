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
import { loadOrRespond, pagePath } from "#app/lib/page-errors.server.ts";
import { pageAction } from "#app/lib/page-action.server.ts";
import { draftForForm } from "../service-actions.server.ts";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  return loadOrRespond(request, async () => {
    const { service, faqs, photoCount } = await serviceForEdit(domain, idOf(params));
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

/** A saved form goes back to the page (or `to`) with a success toast: post, redirect, get. */
const saved = (request: Request, message: string, to = pagePath(request)) => redirectWithToast(request, to, { type: "success", message });
const faqs = (request: Request, message: string) => saved(request, message, `${pagePath(request)}#faqs`);
const idOf = (params: Record<string, string | undefined>) => params.serviceId ?? "";
const faqId = (fields: Record<string, unknown>) => (typeof fields.faqId === "string" ? fields.faqId : "");

/**
 * The service page's forms, by intent: save (also a form of no known intent), draft, archive,
 * unarchive, delete (after the confirmation step), and per question faq-add, faq-update,
 * faq-delete, faq-up, faq-down. Each calls the domain function the API calls; success comes back
 * as a toast on the page.
 */
export const action = pageAction({
  defaultIntent: "save",
  intents: {
    save: async ({ request, params, domain, fields }) => {
      await updateService(domain, idOf(params), fields);
      return saved(request, SERVICE_MESSAGES.updated);
    },
    draft: ({ domain, fields }) => draftForForm(domain, fields),
    archive: async ({ request, params, domain }) => saved(request, (await setServiceStatus(domain, idOf(params), "archived")).message),
    unarchive: async ({ request, params, domain }) => saved(request, (await setServiceStatus(domain, idOf(params), "active")).message),
    delete: async ({ request, params, domain }) => {
      const result = await deleteService(domain, idOf(params));
      return result.deleted ? saved(request, result.message, "/VendorDashboard") : saved(request, result.message);
    },
    "faq-add": async ({ request, params, domain, fields }) => {
      await addFaq(domain, idOf(params), fields);
      return faqs(request, SERVICE_MESSAGES.faqAdded);
    },
    "faq-update": async ({ request, params, domain, fields }) => {
      await updateFaq(domain, idOf(params), faqId(fields), fields);
      return faqs(request, SERVICE_MESSAGES.faqUpdated);
    },
    "faq-delete": async ({ request, params, domain, fields }) => {
      await deleteFaq(domain, idOf(params), faqId(fields));
      return faqs(request, SERVICE_MESSAGES.faqDeleted);
    },
    "faq-up": async ({ request, params, domain, fields }) => {
      await moveFaq(domain, idOf(params), faqId(fields), "up");
      return faqs(request, SERVICE_MESSAGES.faqMoved);
    },
    "faq-down": async ({ request, params, domain, fields }) => {
      await moveFaq(domain, idOf(params), faqId(fields), "down");
      return faqs(request, SERVICE_MESSAGES.faqMoved);
    },
  },
});
