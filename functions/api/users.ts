import { m } from "#shared/paraglide/messages.js";
import { z } from "zod";
import {
  changePasswordInput,
  googleLoginInput,
  loginInput,
  registerUserInput,
  resetPasswordInput,
  resetRequestInput,
  tokenQuery,
  updateUserInput,
  verifyEmailInput,
} from "#shared/account-schemas.ts";
import {
  changePassword,
  completeSignup,
  currentAccount,
  deleteAccount,
  languageInput,
  setLanguage,
  googleLogin,
  login,
  registerUser,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  updateUser,
  verificationLinkKind,
  verifyEmail,
} from "#domain/accounts/index.ts";
import { ACCESS, homeOf } from "#domain/core/index.ts";
import { clearBrowserSession, logoutHandler, sessionStarted } from "./account-http.ts";
import { Resource } from "./endpoint.ts";
import { ACCOUNT_MESSAGES } from "#shared/account-messages.ts";

/** Couples' (and admins') account calls, spec section 7 "Auth (users)". */
export const usersApi = new Resource("/users", "Accounts")
  .endpoint({ method: "get", path: "/me", summary: "Who is signed in (isLoggedIn false and user null for a visitor)", access: "public" }, async (c) => {
    const user = await currentAccount(c.get("domain"));
    return c.json({ success: true, isLoggedIn: Boolean(user), user });
  })
  .endpoint(
    {
      method: "post",
      path: "/register",
      summary:
        "Start a couple's sign-up: e-mails a link that finishes it (POST /users/verify-email). The answer is the same whether or not the address has an account",
      body: registerUserInput,
      access: "public",
      responses: { 202: "Accepted: a link is on its way", 429: "Too many sign-ups from this network" },
    },
    async (c, { body }) => c.json({ success: true, ...(await registerUser(c.get("domain"), body)) }, 202),
  )
  .endpoint(
    {
      method: "post",
      path: "/login",
      summary: "Log in a couple or an admin",
      body: loginInput,
      access: "public",
      responses: { 200: "Signed in", 401: "Wrong e-mail or password", 429: "Too many failed attempts" },
    },
    async (c, { body }) => sessionStarted(c, await login(c.get("domain"), { ...body, door: "user" }), m.api_phone_welcome_back()),
  )
  .endpoint(
    {
      method: "post",
      path: "/google-login",
      summary: "Sign in with a Google ID token (links an account with the same verified e-mail); `home` is where the account belongs next",
      body: googleLoginInput,
      access: "public",
      responses: { 404: "Google sign-in not configured" },
    },
    async (c, { body }) => {
      const start = await googleLogin(c.get("domain"), body);
      const message = start.created ? m.api_account_welcome_new({ name: start.account.user_name }) : m.api_phone_welcome_back();
      return sessionStarted(c, start, message, start.created ? 201 : 200, { home: homeOf(start.account) });
    },
  )
  .endpoint(
    { method: "post", path: "/logout", summary: "End this session; clears the session cookie and the first-visit flag", access: "public" },
    logoutHandler,
  )
  .endpoint(
    {
      method: "post",
      path: "/request-password-reset",
      summary: "E-mail a reset link (always accepted, same answer whether or not the address exists; mails per address are limited)",
      body: resetRequestInput,
      access: "public",
      responses: { 429: "Too many requests from this network" },
    },
    async (c, { body }) => c.json({ success: true, ...(await requestPasswordReset(c.get("domain"), body)) }),
  )
  .endpoint(
    {
      method: "post",
      path: "/reset-password",
      summary: "Set a new password with a single-use reset token; ends every session",
      query: tokenQuery,
      body: resetPasswordInput,
      access: "public",
    },
    async (c, { query, body }) =>
      c.json({ success: true, message: (await resetPassword(c.get("domain"), { token: query.token, password: body.password })).message }),
  )
  .endpoint(
    {
      method: "post",
      path: "/verify-email",
      summary:
        "Open an e-mailed link: finishes a sign-up (body: password, the one chosen at sign-up; creates the account and signs in, 201) or verifies a signed-up account's address (200)",
      query: tokenQuery,
      body: verifyEmailInput,
      access: "public",
      responses: { 201: "Account created and signed in", 400: "Link not valid or expired, or wrong password" },
    },
    async (c, { query, body }) => {
      const ctx = c.get("domain");
      const kind = await verificationLinkKind(ctx, query.token);
      if (kind === "signup") {
        const start = await completeSignup(ctx, { token: query.token, password: body.password });
        return sessionStarted(c, start, ACCOUNT_MESSAGES.signupDone(start.welcomeName), 201);
      }
      return c.json({ success: true, message: (await verifyEmail(ctx, query)).message });
    },
  )
  .endpoint(
    {
      method: "put",
      path: "/language",
      summary: "Save the signed-in person's language (en or hi): their dashboards, account pages and mail use it",
      body: languageInput,
      access: "signedIn",
    },
    async (c, { body }) => c.json({ success: true, ...(await setLanguage(c.get("domain"), body)) }),
  )
  .endpoint({ method: "post", path: "/resend-verification", summary: "Send a new verification e-mail", access: "signedIn" }, async (c) =>
    c.json({ success: true, ...(await resendVerification(c.get("domain"))) }),
  )
  .endpoint(
    {
      method: "patch",
      path: "/change-password",
      summary: "Change the password (current password required); other sessions end",
      body: changePasswordInput,
      access: ACCESS.couplesDoor,
      refusal: () => ACCOUNT_MESSAGES.vendorAtUserDoor,
    },
    async (c, { body }) => c.json({ success: true, ...(await changePassword(c.get("domain"), { ...body, door: "user" })) }),
  )
  .endpoint(
    { method: "patch", path: "/", summary: "Update the signed-in couple's profile fields", body: updateUserInput, access: "signedIn" },
    async (c, { body }) => c.json({ success: true, message: ACCOUNT_MESSAGES.profileUpdated, user: await updateUser(c.get("domain"), body) }),
  )
  .endpoint({ method: "delete", path: "/delete-user", summary: "Delete the signed-in account", access: "signedIn" }, async (c) => {
    const result = await deleteAccount(c.get("domain"));
    clearBrowserSession(c);
    return c.json({ success: true, ...result });
  });

export const userIdParams = z.object({
  id: z
    .string()
    .min(1, { error: () => m.api_v_missing_account_id() })
    .max(64),
});
