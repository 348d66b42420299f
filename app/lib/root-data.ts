import { useRouteLoaderData } from "react-router";
import type { Viewer } from "#domain/core/index.ts";
import type { FlashToast } from "#shared/toast.ts";

/**
 * What the root route loads for every page (app/root.tsx), and the hook components read it with.
 * Declared here rather than inferred from root.tsx so components need not import the root module
 * (which imports them).
 */
export type RootData = {
  flash: FlashToast | null;
  contactPhone: string;
  /** The site's origin as this request reached it (for absolute links: hreflang alternates). */
  origin: string;
  /** Who is looking, as the UI may know it: booleans and plain values from `viewerOf`, never a role. */
  viewer: Viewer;
};

export const useRootData = () => useRouteLoaderData<RootData>("root");
