import { ACCESS } from "#domain/core/index.ts";
import {
  deleteAssetInput,
  deleteEditorAsset,
  listAssetsQuery,
  listEditorAssets,
  registerAssetsInput,
  registerEditorAssets,
} from "#domain/invitations/index.ts";
import { MediaSaveFailed } from "#domain/catalogue/index.ts";
import { Resource } from "./endpoint.ts";

/** Issue 13, cards: the asset library (POST, GET, DELETE /editorAssets). Rules live in functions/domain/invitations/editor-assets.ts. */
export const editorAssetsApi = new Resource("/editorAssets", "Editor assets")
  .endpoint(
    {
      method: "post",
      path: "/",
      summary: "Add directly uploaded images to the editor's library",
      description:
        '`images`: [{key, name}] with keys from POST /generateSignature {folder: "user_assets"} whose bytes were PUT to the uploadUrl. At most 10 per request and 200 per account; each is checked by its bytes (5 MB at most) and stored as a resized WebP. Partial failure succeeds and lists `failed`; "No files provided." and "All uploads failed." are 400, "Failed to save images to DB" 500.',
      body: registerAssetsInput,
      access: ACCESS.planner,
      responses: { 200: "Added (maybe with failed files)", 400: "No files, all failed, or too many", 500: "Failed to save images to DB" },
    },
    async (c, { body }) => {
      try {
        return c.json({ success: true, ...(await registerEditorAssets(c.get("domain"), body)) });
      } catch (e) {
        if (e instanceof MediaSaveFailed) return c.json({ success: false, message: e.message }, 500);
        throw e;
      }
    },
  )
  .endpoint(
    {
      method: "get",
      path: "/",
      summary: "The caller's library images in a folder (asset_folder, default user_assets)",
      query: listAssetsQuery,
      access: ACCESS.planner,
    },
    async (c, { query }) => c.json({ success: true, assets: await listEditorAssets(c.get("domain"), query) }),
  )
  .endpoint(
    {
      method: "delete",
      path: "/",
      summary: "Delete one of the caller's library images",
      body: deleteAssetInput,
      access: ACCESS.planner,
      responses: { 200: "Deleted", 404: "No such image of yours" },
    },
    async (c, { body }) => c.json({ success: true, ...(await deleteEditorAsset(c.get("domain"), body)) }),
  );
