import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { RouterContextProvider } from "react-router";
import type { Env } from "#functions/env.ts";
import { createWorker } from "#functions/app.ts";
import * as blogPost from "#app/routes/blog/post/route.tsx";
import * as contact from "#app/routes/content/contact.tsx";
import * as guests from "#app/routes/profile/guests/route.tsx";
import * as guestsExport from "#app/routes/profile/guests/export.ts";
import * as checklist from "#app/routes/profile/checklist/route.tsx";
import * as family from "#app/routes/profile/family/route.tsx";
import * as familyExport from "#app/routes/profile/family/export.ts";
import * as planTogether from "#app/routes/plan-together.tsx";
import * as weddingBudget from "#app/routes/profile/weddingbudget/route.tsx";
import * as weddingPlan from "#app/routes/profile/weddingplan/route.tsx";
import * as weddingFunction from "#app/routes/profile/weddingplan/event.tsx";
import * as templatePayment from "#app/routes/template-payment/payment.tsx";
import * as profile from "#app/routes/profile/index.tsx";
import * as vendorSettings from "#app/routes/vendor-dashboard/settings.tsx";
import * as adminPlans from "#app/routes/admin/plans.tsx";
import * as auditLog from "#app/routes/admin/audit-log.tsx";
import * as reportedEnquiries from "#app/routes/admin/reported-enquiries.tsx";
import * as enquiry from "#app/routes/vendor-dashboard/enquiry/route.tsx";
import * as templateGallery from "#app/routes/templates/route.tsx";
import * as adminTemplates from "#app/routes/admin/templates.tsx";
import * as blogEditor from "#app/routes/blog/editor.tsx";
import * as servicePage from "#app/routes/service/route.tsx";
import * as serviceNew from "#app/routes/vendor-dashboard/service-new/route.tsx";
import * as serviceDetails from "#app/routes/vendor-dashboard/service-details/route.tsx";
import * as bookingDetail from "#app/routes/vendor-dashboard/bookings-detail.tsx";
import * as blogDashboard from "#app/routes/blog/dashboard.tsx";
import * as vendorSetting from "#app/routes/vendor-dashboard/vendor-setting.tsx";
import * as unsubscribe from "#app/routes/email/unsubscribe.tsx";
import * as emailPreferences from "#app/routes/email/preferences.tsx";
import * as browseList from "#app/routes/browse-list/route.tsx";
import * as whatsAppPreferences from "#app/routes/whatsapp-preferences.tsx";
import * as mobileNumber from "#app/routes/account/mobile-number.tsx";
import * as emailAddress from "#app/routes/account/email-address.tsx";
import * as couplePayments from "#app/routes/profile/payments.tsx";
import * as invitationCards from "#app/routes/profile/invitation-cards/route.tsx";
import * as signup from "#app/routes/auth/signup.tsx";
import * as verifyEmail from "#app/routes/auth/verify-email.tsx";
import { ORIGIN } from "./factories.ts";
import { unprefixedPath } from "#shared/locale.ts";

/**
 * Page routes' own loaders and actions, run through the real Worker composition (functions/app.ts:
 * the same-origin check, the session, the domain context, the body's type) without the React
 * Router build, which the workerd test pool cannot resolve. A loader's data and an action's data
 * come back as JSON with their status; an action's Response (a redirect and its toast) as it is.
 * Only the pages these tests post to are mounted.
 */
type RouteModule = {
  loader?: (args: { request: Request; params: Record<string, string>; context: RouterContextProvider }) => unknown;
  action?: (args: { request: Request; params: Record<string, string>; context: RouterContextProvider }) => unknown;
};

const ROUTES: [URLPattern, RouteModule][] = [
  [new URLPattern({ pathname: "/profile/guests" }), guests],
  [new URLPattern({ pathname: "/profile/guests/export.csv" }), guestsExport as unknown as RouteModule],
  [new URLPattern({ pathname: "/profile/checklist" }), checklist as unknown as RouteModule],
  [new URLPattern({ pathname: "/profile/family" }), family as unknown as RouteModule],
  [new URLPattern({ pathname: "/profile/family/export.zip" }), familyExport as unknown as RouteModule],
  [new URLPattern({ pathname: "/plan-together/:token" }), planTogether as unknown as RouteModule],
  [new URLPattern({ pathname: "/profile/weddingbudget" }), weddingBudget],
  [new URLPattern({ pathname: "/profile/invitationCards" }), invitationCards],
  [new URLPattern({ pathname: "/signup" }), signup as unknown as RouteModule],
  [new URLPattern({ pathname: "/verify-email" }), verifyEmail as unknown as RouteModule],
  [new URLPattern({ pathname: "/profile/weddingplan" }), weddingPlan],
  [new URLPattern({ pathname: "/profile/weddingplan/:eventId" }), weddingFunction as unknown as RouteModule],
  [new URLPattern({ pathname: "/contactus" }), contact],
  [new URLPattern({ pathname: "/blogs/:urlTitle" }), blogPost as unknown as RouteModule],
  [new URLPattern({ pathname: "/payment" }), templatePayment as unknown as RouteModule],
  [new URLPattern({ pathname: "/profile" }), profile as unknown as RouteModule],
  [new URLPattern({ pathname: "/VendorDashboard/settings" }), vendorSettings as unknown as RouteModule],
  [new URLPattern({ pathname: "/admin/plans" }), adminPlans as unknown as RouteModule],
  [new URLPattern({ pathname: "/admin/audit-log" }), auditLog as unknown as RouteModule],
  [new URLPattern({ pathname: "/admin/reported-enquiries" }), reportedEnquiries as unknown as RouteModule],
  [new URLPattern({ pathname: "/VendorDashboard/enquiries/:leadId" }), enquiry as unknown as RouteModule],
  [new URLPattern({ pathname: "/profile/enquiries/:leadId" }), enquiry as unknown as RouteModule],
  [new URLPattern({ pathname: "/templates" }), templateGallery as unknown as RouteModule],
  [new URLPattern({ pathname: "/admin/templates" }), adminTemplates as unknown as RouteModule],
  [new URLPattern({ pathname: "/new-blog-post" }), blogEditor as unknown as RouteModule],
  [new URLPattern({ pathname: "/all/:group/:subcategory/:state/:city/:id" }), servicePage as unknown as RouteModule],
  [new URLPattern({ pathname: "/VendorDashboard/services/new" }), serviceNew as unknown as RouteModule],
  [new URLPattern({ pathname: "/VendorDashboard/service-details/:serviceId" }), serviceDetails as unknown as RouteModule],
  [new URLPattern({ pathname: "/VendorDashboard/bookings/:bookingId" }), bookingDetail as unknown as RouteModule],
  [new URLPattern({ pathname: "/blog_dashboard" }), blogDashboard as unknown as RouteModule],
  [new URLPattern({ pathname: "/VendorDashboard/vendor-setting" }), vendorSetting as unknown as RouteModule],
  [new URLPattern({ pathname: "/unsubscribe/:token" }), unsubscribe as unknown as RouteModule],
  [new URLPattern({ pathname: "/email-preferences{/:token}?" }), emailPreferences as unknown as RouteModule],
  [new URLPattern({ pathname: "/all{/:category}?{/:subCategory}?{/:state}?{/:city}?" }), browseList as unknown as RouteModule],
  [new URLPattern({ pathname: "/whatsapp-preferences{/:token}?" }), whatsAppPreferences as unknown as RouteModule],
  [new URLPattern({ pathname: "/mobile-number" }), mobileNumber as unknown as RouteModule],
  [new URLPattern({ pathname: "/email-address" }), emailAddress as unknown as RouteModule],
  [new URLPattern({ pathname: "/profile/payments" }), couplePayments as unknown as RouteModule],
] as [URLPattern, RouteModule][];

const isDataWithInit = (v: unknown): v is { data: unknown; init: ResponseInit | null } =>
  typeof v === "object" && v !== null && (v as { type?: unknown }).type === "DataWithResponseInit";

function asResponse(result: unknown): Response {
  if (result instanceof Response) return result;
  if (isDataWithInit(result)) {
    const headers = new Headers(result.init?.headers);
    headers.set("Content-Type", "application/json");
    return new Response(JSON.stringify(result.data), { status: result.init?.status ?? 200, headers });
  }
  return Response.json(result);
}

const pages = createWorker(async (request, context) => {
  const url = new URL(request.url);
  for (const [pattern, module] of ROUTES) {
    // A Hindi page (/hi/...) is the same route module, as functions/worker.ts serves it with basename /hi.
    const match = pattern.exec({ pathname: unprefixedPath(url.pathname) });
    if (!match) continue;
    // Decoded, as React Router hands params to loaders ("/all/दुल्हन" arrives as %E0%A4…).
    const params = Object.fromEntries(
      Object.entries(match.pathname.groups)
        .filter((e): e is [string, string] => e[1] !== undefined)
        .map(([k, v]) => [k, decodeURIComponent(v)]),
    );
    const run = request.method === "GET" ? module.loader : module.action;
    if (!run) return new Response("Method not allowed", { status: 405 });
    try {
      return asResponse(await run({ request, params, context }));
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      if (isDataWithInit(thrown)) return asResponse(thrown); // throw data(null, { status: 404 })
      throw thrown;
    }
  }
  return new Response("Not found", { status: 404 });
});

/**
 * A request to the mounted pages (and the API beside them), answered after the work it deferred
 * (mails) is done; `bindings` replaces some of the Worker's (a deploy without one: `{ WEDDING_STORE: undefined }`).
 */
export async function page(path: string, init: RequestInit = {}, bindings: Partial<Env> = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const request = new Request(`${ORIGIN}${path}`, { redirect: "manual", ...init });
  if (request.method !== "GET" && !request.headers.has("Origin")) request.headers.set("Origin", ORIGIN);
  const response = await pages.fetch(request, { ...(env as unknown as Env), ...bindings }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** A form posted to a page as a browser posts it (urlencoded, or multipart when it carries a file). */
export function postPage(path: string, fields: Record<string, string | File>, cookie?: string, headers: Record<string, string> = {}) {
  const multipart = Object.values(fields).some((v) => v instanceof File);
  let body: BodyInit;
  if (multipart) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    body = form;
  } else body = new URLSearchParams(fields as Record<string, string>);
  return page(path, { method: "POST", body, headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers } });
}

/** A page's loader data (GET), as the page would render it. */
export async function loadPage<T = Record<string, unknown>>(path: string, cookie?: string): Promise<T> {
  const res = await page(path, { headers: cookie ? { Cookie: cookie } : {} });
  if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return res.json<T>();
}

/** The toast a page's redirect carries in its flash cookie (functions/platform/cookies.ts). */
export function toastOf(res: Response): { type: string; message: string } | null {
  for (const cookie of res.headers.getSetCookie()) {
    const m = /^mandap_flash=([^;]*)/.exec(cookie);
    if (m?.[1]) return JSON.parse(decodeURIComponent(m[1])) as { type: string; message: string };
  }
  return null;
}
