/**
 * The e-invite specs' couples, written by tests/e2e/einvite-fixtures.mjs before the server starts:
 * the cards API and editor (other parts of issue 13) are not on this branch yet, so each couple's
 * card and its rendered picture are made here. EINVITE is the journey's (tests/e2e/e-invite.spec.ts),
 * EINVITE_ACCESS the page-action access test's, so the two never publish each other's card.
 * The specs make the couples' functions through the planner's API and do the rest through the product.
 */
const couple = (tag: string) =>
  ({
    userId: `e2e-einvite-${tag}`,
    email: `e2e.einvite.${tag}@example.com`,
    userName: "Ananya Iyer",
    partnerName: "Rohan Mehta",
    city: "Jaipur",
    cardId: `e2e-einvite-card-${tag}`,
    cardTitle: "Marigold for Ananya & Rohan",
    previewKey: `e2e/einvite-card-${tag}.svg`,
  }) as const;

export const EINVITE = couple("journey");
export const EINVITE_ACCESS = couple("access");
/** The link crawler's couple (tests/e2e/links.spec.ts): a card and no functions, so /card shows its "add your functions" link. */
export const EINVITE_CRAWL = couple("crawl");
/** The Hindi crawl's couple (tests/e2e/hindi-crawl.spec.ts): publishes its card, so the crawl reads a live /view/{slug} and /card. */
export const EINVITE_HINDI = couple("hindi");
