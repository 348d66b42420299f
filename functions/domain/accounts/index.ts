/**
 * Accounts: sign-up and login for couples, vendors and admins, e-mail verification and reset
 * tokens, remembered devices, a vendor's place and settings, closing an account.
 *
 * This file is the area's only face: code outside functions/domain/accounts/ imports from here, never
 * from the files beside it (ESLint enforces it; docs/decisions/0039-domain-areas.md).
 */
export * from "./accounts.ts";
export * from "./auth-tokens.ts";
export * from "./places.ts";
export * from "./remembered-devices.ts";
export * from "./vendor-settings.ts";
