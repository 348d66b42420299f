/** Passwords of the demo accounts, for local use only (the README lists them). */
export const DEMO_PASSWORDS = {
  couple: "Couple@Mandap1",
  vendor: "Vendor@Mandap1",
  admin: "Admin@Mandap1",
  superAdmin: "Super@Mandap1",
} as const;
