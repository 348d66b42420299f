import { Resource } from "./endpoint.ts";

/** Issue 13, cards: the asset library (POST, GET, DELETE /editorAssets). Rules live in functions/domain. OWNER: the cards helper. */
export const editorAssetsApi = new Resource("/editorAssets", "Editor assets");
