import { m } from "#shared/paraglide/messages.js"; /**
 * Service photos: the spec's upload messages (section 8, exact) and the limits the API, the pages
 * and the uploader share (functions/domain/catalogue/service-media.ts enforces them).
 */
export const MEDIA_MESSAGES = {
  get noFiles() {
    return m.api_media_no_files();
  },
  get signatureFailed() {
    return m.api_media_signature_failed();
  },
  failedFor: (fileName: string) => m.api_media_failed_for({ name: fileName }),
  get allFailed() {
    return m.api_media_all_failed();
  },
  get dbFailed() {
    return m.api_media_db_failed();
  },
};

/** Photos one service may have. */
export const SERVICE_PHOTOS_MAX = 30;
/** Bytes of one uploaded original (architecture: 5 MB; a 4 MB phone photo fits). */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** Characters of a photo's alt text. */
export const ALT_MAX = 200;
/** File types the uploader offers (the server checks the bytes, not this list). */
export const PHOTO_ACCEPT = "image/jpeg,image/png,image/webp,image/gif";
/** The most pixels an uploaded image may declare, in megapixels (checked from its header before it is decoded). */
export const IMAGE_MEGAPIXELS_MAX = 40;
/** Folders a direct upload may be signed for: a service's photos, or the spec's default user_assets. */
export const DEFAULT_UPLOAD_FOLDER = "user_assets";
