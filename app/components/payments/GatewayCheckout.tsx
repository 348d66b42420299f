import { useEffect, useRef, type ReactNode } from "react";
import { formatRupees } from "#shared/format.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * The payment gateway's checkout form (functions/platform/payments.ts `checkoutForm`): a plain form
 * POSTed to the gateway (Razorpay's Hosted Checkout or the local sandbox), so it works without
 * JavaScript; the heading takes the focus when it appears. Used by the vendor Plan page and the
 * couples' template /payment page. `autoSubmit`: with JavaScript, go to the gateway at once (the
 * payer already pressed "Pay"); without it the button is there.
 */
export function GatewayCheckout({
  rupees,
  action,
  fields,
  children,
  autoSubmit = false,
}: {
  rupees: number;
  action: string;
  fields: Record<string, string>;
  children: ReactNode;
  autoSubmit?: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (autoSubmit) form.current?.submit();
    else heading.current?.focus();
  }, [action, fields, autoSubmit]);
  const amount = formatRupees(rupees);
  return (
    <section className="mt-4 rounded-xl border-2 border-maroon-700 p-4" aria-labelledby="pay-heading" data-testid="checkout">
      <h2 id="pay-heading" ref={heading} tabIndex={-1} className="text-xl font-bold text-maroon-700">
        {m.checkout_pay_to_mandap({ amount })}
      </h2>
      <p className="mt-1 text-sm">{children}</p>
      <form ref={form} method="post" action={action} className="mt-3">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className="rounded-lg bg-maroon-700 px-4 py-2 font-semibold text-white hover:bg-maroon-800">
          {m.checkout_pay({ amount })}
        </button>
      </form>
    </section>
  );
}
