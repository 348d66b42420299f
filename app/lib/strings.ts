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
} as const;

export const SEARCH = {
  selectVendor: "Please select vendor",
  locationPlaceholder: "In Location",
} as const;

export const FAVORITE = {
  added: "Added to favorites!",
  removed: "Removed from favorites",
  failed: "Failed to update favorite status. Please try again.",
} as const;

export const VENDOR_FALLBACK = {
  name: "Vendor Name",
  tagline: "No tagline available",
  about: "No about us information available",
  missing: "N/A",
  loading: "Loading...",
  error: "Error loading vendor data",
} as const;

export const LOADING = "Loading...";
