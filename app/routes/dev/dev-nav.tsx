import { NavLink } from "react-router";

/** The development pages that show what the app sent (every one of them development only, functions/platform/dev-pages.ts). */
const DEV_OUTBOXES = [
  { to: "/dev/mailbox", label: "Mailbox" },
  { to: "/dev/sms", label: "SMS" },
  { to: "/dev/whatsapp", label: "WhatsApp" },
] as const;

export function DevOutboxNav() {
  return (
    <nav aria-label="Development outboxes" className="mb-4 flex flex-wrap gap-2 text-sm">
      {DEV_OUTBOXES.map((page) => (
        <NavLink
          key={page.to}
          to={page.to}
          className={({ isActive }) =>
            `rounded-full border px-3 py-1 font-semibold ${isActive ? "border-maroon-700 bg-maroon-700 text-white" : "border-maroon-200 text-maroon-700"}`
          }
        >
          {page.label}
        </NavLink>
      ))}
    </nav>
  );
}
