import { useEffect } from "react";
import { Link, useFetcher } from "react-router";
import { showToast } from "#app/components/Toaster.tsx";
import { loginPath } from "#shared/links.ts";
import { LISTING } from "#shared/listing-words.ts";
import type { action } from "./service.server.ts";

export function CartButton({ inCart, signedIn, canUseCart, canonical }: { inCart: boolean; signedIn: boolean; canUseCart: boolean; canonical: string }) {
  const fetcher = useFetcher<typeof action>();
  const pending = fetcher.state !== "idle";
  const result = fetcher.data;
  const shown = result && "inCart" in result && result.ok ? result.inCart : inCart;
  useEffect(() => {
    if (result && "message" in result && result.message) showToast(result.ok ? "success" : "error", result.message);
  }, [result]);
  if (!signedIn) {
    return (
      <Link to={loginPath(canonical)} className="btn-secondary">
        {LISTING.addToCart}
      </Link>
    );
  }
  if (!canUseCart) return null;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="cart" />
      <button type="submit" className="btn-secondary w-full disabled:opacity-60" disabled={pending} aria-pressed={shown}>
        {shown ? LISTING.removeFromCart : LISTING.addToCart}
      </button>
    </fetcher.Form>
  );
}
