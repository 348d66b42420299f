import { m } from "#shared/paraglide/messages.js";

/**
 * Texts the spec fixes, in one place so the UI and the tests share them. Those a person reads in a
 * toast or flash (GUARD, GUARD_SIGN_IN, WISHLIST) or on the service page (LISTING) are catalogue messages (messages/{en,hi}.json),
 * read when they are said, so they follow the request's or the page's language (decision 0046).
 */
export const SITE_NAME = "Mandap";
export const TITLE_SEPARATOR = " | ";

/** "Mandap | Wedding Venues": the fixed prefix followed by the page title. */
export const pageTitle = (title: string) => `${SITE_NAME}${TITLE_SEPARATOR}${title}`;

export const ERROR_SCREEN = {
  heading: "Oops! Something went wrong.",
  text: "We encountered an issue while processing your request. Please try again later.",
  retry: "Retry",
  home: "Home Page",
} as const;

export const NOT_FOUND = {
  heading: "We couldn’t find that page",
  text: "The link may be old or mistyped. Try the home page, or browse venues and vendors.",
} as const;

/** The guard's words, said in the language of the request (or, in the browser, of the page) that reads them. */
export const GUARD = {
  get roleNotAllowed() {
    return m.guard_role_not_allowed();
  },
  get pathNotAllowed() {
    return m.guard_path_not_allowed();
  },
  get logIn() {
    return m.guard_log_in();
  },
  /** A page that needs an account sends a visitor to log in (and back): said on the log-in page. */
  get logInToContinue() {
    return m.guard_log_in_to_continue();
  },
};

/**
 * What a visitor the guard sends to / is told (the spec's redirect stays; the toast says why and
 * links to the log-in that brings them back). First matching prefix wins.
 */
export const GUARD_SIGN_IN: readonly { prefix: string; message: () => string; login: "/login" | "/vendorLogin" }[] = [
  { prefix: "/profile/favoriteList", message: m.guard_sign_in_to_see_your_wishlist, login: "/login" },
  { prefix: "/profile/checklist", message: m.guard_sign_in_to_see_your_checklist, login: "/login" },
  { prefix: "/profile/weddingplan", message: m.guard_sign_in_to_see_your_wedding_plan, login: "/login" },
  { prefix: "/profile/weddingbudget", message: m.guard_sign_in_to_see_your_wedding_budget, login: "/login" },
  { prefix: "/profile/guests", message: m.guard_sign_in_to_see_your_guest_list, login: "/login" },
  { prefix: "/profile/invitationCards", message: m.guard_sign_in_to_see_your_invitation_cards, login: "/login" },
  { prefix: "/profile/enquiries", message: m.guard_sign_in_to_see_your_enquiries, login: "/login" },
  { prefix: "/profile/bookings", message: m.guard_sign_in_to_see_your_bookings, login: "/login" },
  { prefix: "/profile", message: m.guard_sign_in_to_see_your_profile, login: "/login" },
  { prefix: "/VendorDashboard", message: m.guard_sign_in_as_a_vendor_to_open_your_dashboard, login: "/vendorLogin" },
  { prefix: "/admin", message: m.guard_sign_in_as_an_admin_to_open_the_admin_area, login: "/login" },
  { prefix: "/blog_dashboard", message: m.guard_sign_in_as_an_admin_to_write_for_the_blog, login: "/login" },
  { prefix: "/new-blog-post", message: m.guard_sign_in_as_an_admin_to_write_for_the_blog, login: "/login" },
  { prefix: "/update-blog-post", message: m.guard_sign_in_as_an_admin_to_write_for_the_blog, login: "/login" },
];

export const SEARCH = {
  selectVendor: "Please select vendor",
  locationPlaceholder: "In Location",
} as const;

/** The wishlist heart's toasts (the spec's words). */
export const WISHLIST = {
  get added() {
    return m.wishlist_added();
  },
  get removed() {
    return m.wishlist_removed();
  },
  get failed() {
    return m.wishlist_failed();
  },
};
/** @deprecated The old name of WISHLIST, kept while tests/e2e imports it. */
export const FAVORITE = WISHLIST;

export const VENDOR_FALLBACK = {
  name: "Vendor Name",
  tagline: "No tagline available",
  about: "No about us information available",
  missing: "N/A",
  loading: "Loading...",
  error: "Error loading vendor data",
} as const;

export const LOADING = "Loading...";

/** The badge on a feature that is announced but not built yet (it links nowhere). */
export const COMING_SOON = "Coming soon";

// The service page's words (LISTING) live in shared/listing-words.ts, imported from there: every page
// loads this module, and the client build's shell chunk (vite.config.ts) takes what it imports.
