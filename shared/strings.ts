/** Texts the spec fixes, in one place so the UI and the tests share them. */
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

export const GUARD = {
  roleNotAllowed: "You do not have permission to access this page.",
  pathNotAllowed: "Unauthorized access.",
  logIn: "Log in",
  /** A page that needs an account sends a visitor to log in (and back): said on the log-in page. */
  logInToContinue: "Please log in to continue.",
} as const;

/**
 * What a visitor the guard sends to / is told (the spec's redirect stays; the toast says why and
 * links to the log-in that brings them back). First matching prefix wins.
 */
export const GUARD_SIGN_IN: readonly { prefix: string; message: string; login: "/login" | "/vendorLogin" }[] = [
  { prefix: "/profile/favoriteList", message: "Please log in to see your wishlist.", login: "/login" },
  { prefix: "/profile/checklist", message: "Please log in to see your checklist.", login: "/login" },
  { prefix: "/profile/weddingplan", message: "Please log in to see your wedding plan.", login: "/login" },
  { prefix: "/profile/weddingbudget", message: "Please log in to see your wedding budget.", login: "/login" },
  { prefix: "/profile/guests", message: "Please log in to see your guest list.", login: "/login" },
  { prefix: "/profile/invitationCards", message: "Please log in to see your invitation cards.", login: "/login" },
  { prefix: "/profile/enquiries", message: "Please log in to see your enquiries.", login: "/login" },
  { prefix: "/profile/bookings", message: "Please log in to see your bookings.", login: "/login" },
  { prefix: "/profile", message: "Please log in to see your profile.", login: "/login" },
  { prefix: "/VendorDashboard", message: "Please log in as a vendor to open your dashboard.", login: "/vendorLogin" },
  { prefix: "/admin", message: "Please log in as an admin to open the admin area.", login: "/login" },
  { prefix: "/blog_dashboard", message: "Please log in as an admin to write for the blog.", login: "/login" },
  { prefix: "/new-blog-post", message: "Please log in as an admin to write for the blog.", login: "/login" },
  { prefix: "/update-blog-post", message: "Please log in as an admin to write for the blog.", login: "/login" },
];

export const SEARCH = {
  selectVendor: "Please select vendor",
  locationPlaceholder: "In Location",
} as const;

/** The wishlist heart's toasts (the spec's words). */
export const WISHLIST = {
  added: "Added to favorites!",
  removed: "Removed from favorites",
  failed: "Failed to update favorite status. Please try again.",
} as const;
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

/** Service page, reviews, enquiries and the shortlist. */
export const LISTING = {
  enquiryHeading: "Send an enquiry",
  enquirySubmit: "Send enquiry",
  enquirySent: (vendor: string) => `Enquiry sent to ${vendor}`,
  whatNextHeading: "What happens next",
  /**
   * What a couple is told after sending an enquiry: the vendor is e-mailed the enquiry (without the
   * couple's e-mail address or phone) and answers in the conversation under My enquiries; contact
   * details are shared once the vendor has replied; a quote can be accepted there and becomes a booking.
   */
  whatNext: (vendor: string, reply: string | null) => [
    `Your enquiry is on its way to ${vendor}. Your e-mail address and phone stay private until they reply.`,
    `${reply ? `${reply}. ` : ""}${vendor} replies in the conversation under My enquiries, usually with questions or a quote; we e-mail you when they do.`,
    `When you accept a quote there, the booking is confirmed for both of you. Any advance is paid to ${vendor} directly.`,
  ],
  enquiryOpen: "You have already sent an enquiry for this service.",
  loginToEnquire: "Log in to send an enquiry",
  loginToReview: "Log in to write a review",
  reviewHeading: "Write a review",
  reviewEditHeading: "Edit your review",
  reviewSubmit: "Publish review",
  reviewUpdate: "Update review",
  verifiedBooking: "Verified booking",
  noReviews: "No reviews yet. Couples who have used this service can be the first to review it.",
  vendorReply: "Reply from the vendor",
  addToCart: "Add to cart",
  removeFromCart: "Remove from cart",
  favoriteAdd: "Add to favorites",
  favoriteRemove: "Remove from favorites",
} as const;
