/** The contact form's topics and limits, shared by /contactus (browser) and the domain (server). */
export const CONTACT_TOPICS = [
  "Planning my wedding",
  "Listing my business",
  "Payments and plans",
  "Report a problem",
  "Press and partnerships",
  "Something else",
] as const;

export const CONTACT_LIMITS = { nameMax: 80, messageMin: 10, messageMax: 3000 } as const;

/** The office shown on /about and /contactus, and in the footer's map. */
export const OFFICE = "Malviya Nagar, Jaipur, Rajasthan";
