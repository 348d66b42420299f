/**
 * Accounts: sign-up and login for couples, vendors and admins, e-mail verification and reset
 * tokens, remembered devices, a vendor's place and settings, closing an account.
 *
 * This file is the area's only face: code outside functions/domain/accounts/ imports from here, never
 * from the files beside it (ESLint enforces it; docs/decisions/0039-domain-areas.md).
 * account-common.ts holds the jobs' shared inner helpers; only its types below are public.
 */
export type { AccountView, Door, SessionStart } from "./account-common.ts";
export * from "./admin-roles.ts";
export * from "./auth-tokens.ts";
export * from "./close-account.ts";
export * from "./login.ts";
export * from "./passwords.ts";
export * from "./places.ts";
export * from "./profile.ts";
export * from "./purge-expired.ts";
export * from "./remembered-devices.ts";
export * from "./signup.ts";
export * from "./vendor-settings.ts";
