import { m } from "#shared/paraglide/messages.js";

/** DELETION_TERMS in the page's language, in the same order (tests/unit/vendor-dashboard-hindi.test.ts keeps the English equal). */
export const deletionTerms = () => [
  m.vendor_delete_term_1(),
  m.vendor_delete_term_2(),
  m.vendor_delete_term_3(),
  m.vendor_delete_term_4(),
  m.vendor_delete_term_5(),
  m.vendor_delete_term_6(),
  m.vendor_delete_term_7(),
];
