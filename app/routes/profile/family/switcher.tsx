import { Form, useLocation } from "react-router";
import type { WeddingSummary } from "#domain/weddings/index.ts";
import { Select } from "#app/components/ui/index.ts";
import { m } from "#shared/paraglide/messages.js";

/**
 * The planning navigation's wedding switcher (issue 33), for a planner who plans several weddings:
 * a plain form posted to the "Family & planner" page's switch, which comes back to this page.
 */
export function WeddingSwitcher({ weddings }: { weddings: readonly WeddingSummary[] }) {
  const location = useLocation();
  const current = weddings.find((w) => w.current) ?? weddings[0];
  return (
    <Form
      method="post"
      action="/profile/family"
      className="mb-4 flex flex-wrap items-end gap-2 rounded-2xl border border-maroon-100 bg-white p-3"
      data-testid="wedding-switcher"
    >
      <input type="hidden" name="to" value={location.pathname} />
      <Select
        id="nav-switch-wedding"
        name="weddingId"
        label={m.couple_family_switch_label()}
        defaultValue={current?.weddingId}
        compact
        options={weddings.map((w) => [w.weddingId, m.couple_family_wedding_of({ couple: w.couple })] as const)}
      />
      <button type="submit" name="intent" value="switch" className="rounded-full border border-maroon-700 px-3 py-1.5 text-sm font-semibold text-maroon-800">
        {m.couple_family_switch()}
      </button>
    </Form>
  );
}
