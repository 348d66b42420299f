import {
  changePasswordInput,
  loginInput,
  registerVendorInput,
  resetPasswordInput,
  resetRequestInput,
  tokenQuery,
  updateVendorInput,
} from "#shared/account-schemas.ts";
import {
  login,
  registerVendor,
  requestPasswordReset,
  resetPassword,
  changePassword,
  updateVendor,
  deleteVendorAccount,
  myNotificationPrefs,
  notificationPrefsInput,
  saveNotificationPrefs,
  SETTINGS_MESSAGES,
} from "#domain/accounts/index.ts";
import { ACCESS } from "#domain/core/index.ts";
import { clearBrowserSession, logoutHandler, sessionStarted } from "./account-http.ts";
import { Resource } from "./endpoint.ts";
import { ACCOUNT_MESSAGES } from "#shared/account-messages.ts";
import { m } from "#shared/paraglide/messages.js";

/** Vendors' account calls, spec section 7 "Vendors" (the vendor door to the same identity table). */
export const vendorAccountsApi = new Resource("/vendors", "Vendor accounts")
  .endpoint(
    {
      method: "post",
      path: "/register",
      summary:
        "Start a vendor sign-up: e-mails a link that finishes it (POST /users/verify-email creates the account and business profile). The answer is the same whether or not the address has an account",
      body: registerVendorInput,
      access: "public",
      responses: { 202: "Accepted: a link is on its way", 429: "Too many sign-ups from this network" },
    },
    async (c, { body }) => c.json({ success: true, ...(await registerVendor(c.get("domain"), body)) }, 202),
  )
  .endpoint(
    {
      method: "post",
      path: "/login",
      summary: "Log in a vendor",
      body: loginInput,
      access: "public",
      responses: { 401: "Wrong e-mail or password", 429: "Too many failed attempts" },
    },
    async (c, { body }) => sessionStarted(c, await login(c.get("domain"), { ...body, door: "vendor" }), m.api_phone_welcome_back()),
  )
  .endpoint(
    { method: "post", path: "/logout", summary: "End this session; clears the session cookie and the first-visit flag", access: "public" },
    logoutHandler,
  )
  .endpoint(
    {
      method: "post",
      path: "/request-password-reset",
      summary: "E-mail a reset link (same answer whether or not the address exists)",
      body: resetRequestInput,
      access: "public",
    },
    async (c, { body }) => c.json({ success: true, ...(await requestPasswordReset(c.get("domain"), body)) }),
  )
  .endpoint(
    {
      method: "post",
      path: "/reset-password",
      summary: "Set a new password with a single-use reset token (body: password, confirmPassword)",
      query: tokenQuery,
      body: resetPasswordInput,
      access: "public",
    },
    async (c, { query, body }) =>
      c.json({ success: true, message: (await resetPassword(c.get("domain"), { token: query.token, password: body.password })).message }),
  )
  .endpoint(
    { method: "patch", path: "/update", summary: "Update the signed-in vendor's business profile", body: updateVendorInput, access: ACCESS.vendor },
    async (c, { body }) => c.json({ success: true, message: m.api_vendor_profile_updated(), user: await updateVendor(c.get("domain"), body) }),
  )
  .endpoint(
    {
      method: "patch",
      path: "/change-password",
      summary: "Change the password (body: currentPassword, pass, confirmPassword); other sessions end",
      body: changePasswordInput,
      access: ACCESS.vendor,
      refusal: () => ACCOUNT_MESSAGES.userAtVendorDoor,
    },
    async (c, { body }) => c.json({ success: true, ...(await changePassword(c.get("domain"), { ...body, door: "vendor" })) }),
  )
  .endpoint({ method: "get", path: "/notifications", summary: "Which e-mails the signed-in vendor wants", access: ACCESS.vendor }, async (c) =>
    c.json({ success: true, preferences: await myNotificationPrefs(c.get("domain")) }),
  )
  .endpoint(
    {
      method: "patch",
      path: "/notifications",
      summary: "Change which e-mails the signed-in vendor wants (new_enquiry, couple_reply, booking_changes, weekly_summary; booleans, any of them)",
      body: notificationPrefsInput,
      access: ACCESS.vendor,
    },
    async (c, { body }) => c.json({ success: true, message: SETTINGS_MESSAGES.prefsSaved, preferences: await saveNotificationPrefs(c.get("domain"), body) }),
  )
  .endpoint(
    {
      method: "delete",
      path: "/delete",
      summary:
        "Delete the signed-in vendor account: refused (409) while a confirmed booking for today or later exists; otherwise services, enquiries (couples of open ones are e-mailed), past bookings and reviews of the services go with it",
      access: ACCESS.vendor,
      responses: { 409: "A confirmed booking for today or later exists" },
    },
    async (c) => {
      const result = await deleteVendorAccount(c.get("domain"));
      clearBrowserSession(c);
      return c.json({ success: true, ...result });
    },
  );
