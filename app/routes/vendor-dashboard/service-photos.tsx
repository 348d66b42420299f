import { data, Link, useRevalidator } from "react-router";
import type { Route } from "./+types/service-photos";
import { Invalid } from "#domain/core/index.ts";
import {
  deleteServicePhoto,
  manageableService,
  MediaSaveFailed,
  moveServicePhoto,
  photoRoom,
  reorderServicePhotos,
  servicePhotos,
  setPhotoAlt,
  setServiceCover,
  tooManyPhotos,
  uploadServicePhotos,
} from "#domain/catalogue/index.ts";
import { readMultipart, readPageForm } from "#platform/request-body.ts";
import { PHOTO_MAX_BYTES, SERVICE_PHOTOS_MAX } from "#shared/service-media.ts";
import { formFailure, loadOrRespond } from "#app/lib/page-errors.server.ts";
import { appContext } from "#functions/page-context.ts";
import { pageTitle } from "#shared/strings.ts";
import { m } from "#shared/paraglide/messages.js";
import { rich } from "#app/components/rich.tsx";
import { PhotoGrid } from "#app/components/media/PhotoGrid.tsx";
import { PhotoUploader } from "#app/components/media/PhotoUploader.tsx";

/** /VendorDashboard/service-details/{serviceId}/photos: the service's photos (its vendor only; others get the not-found page). */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? m.vendor_photos_title({ name: loaderData.service.name }) : m.vendor_photos_title_plain()) },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  return loadOrRespond(request, () => servicePhotos(domain, params.serviceId));
}

type ActionResult = { ok: true; intent: string; message: string; failed?: { file: string; message: string; reason: string }[] };

export async function action({ request, params, context }: Route.ActionArgs) {
  const { domain } = context.get(appContext);
  const serviceId = params.serviceId;
  let intent = "upload";
  try {
    // Who may not manage this service is refused before a byte of the body is read.
    await manageableService(domain, serviceId);
    if ((request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
      const { count, room } = await photoRoom(domain, serviceId);
      const form = await readMultipart(request, { files: { files: room }, maxFileBytes: PHOTO_MAX_BYTES, tooMany: () => tooManyPhotos(count) });
      const result = await uploadServicePhotos(domain, serviceId, form.files.files ?? []);
      return { ok: true, intent, message: result.message, failed: result.failed } satisfies ActionResult;
    }
    const form = await readPageForm(request);
    intent = String(form.get("intent") ?? "");
    const mediaId = String(form.get("mediaId") ?? "");
    switch (intent) {
      case "move-up":
      case "move-down":
        return { ok: true, intent, ...(await moveServicePhoto(domain, serviceId, mediaId, intent === "move-up" ? "up" : "down")) } satisfies ActionResult;
      case "order":
        return {
          ok: true,
          intent,
          message: (
            await reorderServicePhotos(domain, serviceId, {
              ids: String(form.get("ids") ?? "")
                .split(",")
                .filter(Boolean),
            })
          ).message,
        } satisfies ActionResult;
      case "cover":
        return { ok: true, intent, ...(await setServiceCover(domain, serviceId, { mediaId })) } satisfies ActionResult;
      case "alt":
        return { ok: true, intent, ...(await setPhotoAlt(domain, serviceId, mediaId, { alt: String(form.get("alt") ?? "") })) } satisfies ActionResult;
      case "delete":
        return { ok: true, intent, ...(await deleteServicePhoto(domain, serviceId, { publicId: mediaId })) } satisfies ActionResult;
      default:
        throw new Invalid(m.api_e_this_form_is_not_known_here());
    }
  } catch (e) {
    if (e instanceof MediaSaveFailed) return data({ ok: false as const, intent, message: e.message, errors: {} as Record<string, string> }, { status: 500 });
    return formFailure(e, request, { intent });
  }
}

export default function ServicePhotos({ loaderData, actionData, params }: Route.ComponentProps) {
  const { service, photos } = loaderData;
  const revalidator = useRevalidator();
  const result = actionData as (ActionResult | { ok: false; message: string; errors: Record<string, string> }) | undefined;
  return (
    <div className="space-y-5">
      <div>
        <p className="text-sm">
          <Link to={`/VendorDashboard/service-details/${params.serviceId}`} className="text-maroon-700 underline">
            {rich(m.vendor_photos_back, { name: <span translate="no">{service.name}</span> })}
          </Link>
        </p>
        <h1 className="mt-1 text-2xl font-bold text-maroon-700 md:text-3xl">
          {rich(m.vendor_photos_title, { name: <span translate="no">{service.name}</span> })}
        </h1>
        <p className="mt-1 text-sm text-gray-700">{m.vendor_photos_intro()}</p>
      </div>
      {result && (
        <div role={result.ok ? "status" : "alert"} className={`rounded-lg p-3 ${result.ok ? "bg-green-50 text-green-900" : "bg-red-50 text-red-800"}`}>
          <p className="font-medium">{result.message}</p>
          {"errors" in result && Object.values(result.errors).length > 0 && (
            <ul className="mt-1 list-disc pl-5 text-sm">
              {Object.values(result.errors).map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          )}
          {"failed" in result && result.failed && result.failed.length > 0 && (
            <ul aria-label={m.vendor_photos_failed_files()} className="mt-1 list-disc pl-5 text-sm text-red-800">
              {result.failed.map((f) => (
                <li key={f.file}>
                  {f.message}: {f.reason}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <PhotoUploader serviceId={service.id} count={photos.length} onUploaded={() => void revalidator.revalidate()} />
      <section aria-labelledby="photos-heading">
        <h2 id="photos-heading" className="mb-3 text-lg font-semibold text-maroon-700">
          {m.vendor_photos_count({ count: photos.length, max: SERVICE_PHOTOS_MAX })}
        </h2>
        <PhotoGrid photos={photos} />
      </section>
    </div>
  );
}
