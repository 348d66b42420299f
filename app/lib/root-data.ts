import { useRouteLoaderData } from "react-router";
import type { Role } from "#db/schema/identity.ts";
import type { FlashToast } from "#shared/toast.ts";

/**
 * What the root route loads for every page (app/root.tsx), and the hook components read it with.
 * Declared here rather than inferred from root.tsx so components need not import the root module
 * (which imports them).
 */
export type RootData = {
  flash: FlashToast | null;
  showSplash: boolean;
  contactPhone: string;
  user: { id: string; userName: string; role: Role; profilePhoto: string | null; isVerified: boolean } | null;
};

export const useRootData = () => useRouteLoaderData<RootData>("root");
