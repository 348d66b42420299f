import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/wishlist";
import { appContext } from "#functions/page-context.ts";
import { readPageForm } from "#platform/request-body.ts";
import { WishlistButton } from "#app/components/WishlistButton.tsx";
import { ServiceCard } from "#app/components/ServiceCard.tsx";
import { servicePath } from "#shared/catalogue.ts";
import { formatRupees, isShareOfBudget, priceFrom, priceWithUnit } from "#shared/format.ts";
import { loadOrRespond, submitOrRespond } from "#app/lib/page-errors.server.ts";
import { pageTitle } from "#shared/strings.ts";
import { getLocale } from "#shared/locale.ts";
import { localName } from "#shared/local-names.ts";
import { m } from "#shared/paraglide/messages.js";
import { CART_MESSAGES, clearCart, readCart, toggleCartItem, wishlistServices } from "#domain/catalogue/index.ts";

export const meta: Route.MetaFunction = () => [{ title: pageTitle(m.couple_wishlist_title()) }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  return loadOrRespond(request, async () => {
    const [wishlist, cart] = await Promise.all([wishlistServices(domain), readCart(domain)]);
    return { wishlist, cart };
  });
}

/** The cart's two actions: take one service out, or empty it. */
export async function action({ request, context }: Route.ActionArgs) {
  const { domain } = context.get(appContext);
  const form = await readPageForm(request);
  return submitOrRespond(request, async () => {
    if (form.get("intent") === "clear-cart") {
      await clearCart(domain);
      return { ok: true as const, message: CART_MESSAGES.cleared };
    }
    const result = await toggleCartItem(domain, String(form.get("serviceId") ?? ""));
    return { ok: true as const, message: result.message };
  });
}

export default function Wishlist({ loaderData }: Route.ComponentProps) {
  const { wishlist, cart } = loaderData;
  const busy = useNavigation().state !== "idle";
  // A percentage of budget is not rupees: it is not added to the rupee total, it is named as what it is ("6 % of budget").
  const inRupees = cart.filter((item) => !isShareOfBudget(item.service_unit));
  const cartTotal = inRupees.reduce((sum, item) => sum + item.min_price, 0);
  const shares = cart
    .filter((item) => isShareOfBudget(item.service_unit))
    .map((item) => m.couple_share_for({ price: priceWithUnit(item.min_price, item.service_unit), name: item.service_name }));
  return (
    <div className="space-y-8">
      <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7">
        <h1 className="text-3xl font-bold text-maroon-700">{m.couple_wishlist_title()}</h1>
        <p className="mt-1 text-ink/70">{wishlist.length ? m.couple_wishlist_count({ count: wishlist.length }) : m.couple_wishlist_empty()}</p>
        {wishlist.length === 0 ? (
          <p className="mt-4">
            {m.couple_wishlist_tap_heart()}{" "}
            <Link to="/all" className="font-semibold text-maroon-700 underline">
              {m.couple_browse_vendors()}
            </Link>
          </p>
        ) : (
          <ul className="mt-5 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {wishlist.map((s) => (
              <li key={s.id} className="relative">
                <ServiceCard service={s} actions={<WishlistButton serviceId={s.id} serviceName={s.service_name} initial />} />
                {s.status !== "active" && <p className="mt-1 text-sm text-ink/70">{m.couple_listing_unavailable()}</p>}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="rounded-2xl border border-maroon-100 bg-white p-5 md:p-7" aria-labelledby="cart-heading">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="cart-heading" className="text-2xl font-bold text-maroon-700">
            {m.couple_cart()}
          </h2>
          {cart.length > 0 && (
            <Form method="post">
              <button type="submit" name="intent" value="clear-cart" className="btn-secondary" disabled={busy}>
                {m.couple_clear_cart()}
              </button>
            </Form>
          )}
        </div>
        {cart.length === 0 ? (
          <p className="mt-2 text-ink/70">{m.couple_cart_empty()}</p>
        ) : (
          <>
            <ul className="mt-4 divide-y divide-maroon-100">
              {cart.map((item) => (
                <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div>
                    <Link
                      to={servicePath({
                        id: item.id,
                        serviceCategory: item.service_category,
                        serviceType: item.service_type,
                        state: item.state,
                        city: item.city,
                      })}
                      className="font-semibold hover:text-maroon-700"
                      translate="no"
                    >
                      {item.service_name}
                    </Link>
                    <p className="text-sm text-ink/70">
                      <span translate="no">{item.vendor_name}</span> · {localName(item.city, getLocale())} · {priceFrom(item.min_price, item.service_unit)}
                    </p>
                  </div>
                  <Form method="post">
                    <input type="hidden" name="serviceId" value={item.id} />
                    <button type="submit" className="text-sm font-semibold text-maroon-700 underline" disabled={busy}>
                      {m.couple_remove()}
                      <span className="sr-only">{m.couple_remove_from_cart({ name: item.service_name })}</span>
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
            <p className="mt-3 text-sm text-ink/70">
              {inRupees.length > 0 && (
                <>
                  {m.couple_cart_add_up()} <strong className="text-ink">{formatRupees(cartTotal)}</strong>
                </>
              )}
              {shares.length > 0 && (
                <>
                  {inRupees.length > 0 ? m.couple_cart_plus() : m.couple_cart_starting_at()}
                  <strong className="text-ink">{shares.join(", ")}</strong>
                </>
              )}
              {m.couple_cart_units_differ()}
            </p>
          </>
        )}
      </section>
    </div>
  );
}
