import { type DomainContext, isDomainError, Unauthorized } from "#domain/core/index.ts";
import { MediaSaveFailed, uploadSingleImage } from "#domain/catalogue/index.ts";
import { redirectWithToast } from "#platform/cookies.ts";
import { readMultipart } from "#platform/request-body.ts";
import { PHOTO_MAX_BYTES } from "#shared/service-media.ts";
import { loginRedirect } from "./page-errors.server.ts";

/**
 * A page's plain one-photo form (multipart, field `file`): the couple's profile photo and the
 * vendor's logo. `authorize` runs before the body is read (a visitor is sent to log in); the photo
 * goes through the same domain call as POST /api/v1/upload-single; the answer is a redirect back to
 * `back` with a success or error toast.
 */
export async function singlePhotoAction(
  request: Request,
  domain: DomainContext,
  { kind, back, authorize }: { kind: Parameters<typeof uploadSingleImage>[1]; back: string; authorize: () => void },
): Promise<Response> {
  try {
    authorize();
    const isMultipart = (request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");
    const form = isMultipart
      ? await readMultipart(request, { files: { file: 1 }, maxFileBytes: PHOTO_MAX_BYTES })
      : { fields: {}, files: {} as Record<string, File[]> };
    const { message } = await uploadSingleImage(domain, kind, form.files.file?.[0]);
    return redirectWithToast(request, back, { type: "success", message });
  } catch (e) {
    if (e instanceof Unauthorized) throw loginRedirect(request);
    if (e instanceof MediaSaveFailed || isDomainError(e)) {
      const detail = isDomainError(e) && "fields" in e ? Object.values((e as { fields: Record<string, string> }).fields)[0] : undefined;
      return redirectWithToast(request, back, { type: "error", message: detail ? `${e.message}: ${detail}` : e.message });
    }
    throw e;
  }
}
