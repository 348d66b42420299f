import { Form } from "react-router";
import { m } from "#shared/paraglide/messages.js";

/** Logout is a plain form post to /logout, so it works before JavaScript loads. */
export function LogoutButton({ className }: { className?: string }) {
  return (
    <Form method="post" action="/logout" reloadDocument>
      <button type="submit" className={className ?? "w-full rounded-lg px-3 py-2 text-left text-sm font-medium text-red-700 hover:bg-red-50"}>
        {m.account_logout()}
      </button>
    </Form>
  );
}
