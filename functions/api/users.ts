import { z } from "zod";
import { changePasswordInput, googleLoginInput, loginInput, registerUserInput, resetPasswordInput, resetRequestInput, tokenQuery, updateUserInput } from "../../app/lib/account-schemas.ts";
import {
  ACCOUNT_MESSAGES,
  accountView,
  changePassword,
  deleteAccount,
  googleLogin,
  login,
  registerUser,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  updateUser,
  verifyEmail,
} from "../domain/accounts.ts";
import { Unauthorized } from "../domain/errors.ts";
import { mailerFor } from "../platform/mail.ts";
import { clearBrowserSession, logoutHandler, requestInfo, sessionStarted } from "./account-http.ts";
import { Resource } from "./endpoint.ts";

/** Couples' (and admins') account calls, spec section 7 "Auth (users)". */
export const usersApi = new Resource("/users", "Accounts")
  .endpoint(
    { method: "get", path: "/me", summary: "Who is signed in (isLoggedIn false and user null for a visitor)", access: "public" },
    async (c) => {
      const actor = c.get("actor");
      const user = actor ? await accountView(c.env.DB, actor.id) : null;
      return c.json({ success: true, isLoggedIn: Boolean(user), user });
    },
  )
  .endpoint(
    { method: "post", path: "/register", summary: "Create a couple's account, sign in and send the verification e-mail", body: registerUserInput, access: "public", responses: { 201: "Signed up", 409: "E-mail already registered" } },
    async (c, { body }) => {
      const start = await registerUser(c.env.DB, mailerFor(c.env), body, requestInfo(c.req.raw));
      return sessionStarted(c, start, `Welcome to Mandap, ${start.account.user_name}! We sent a verification link to ${start.account.email}.`, 201);
    },
  )
  .endpoint(
    { method: "post", path: "/login", summary: "Log in a couple or an admin", body: loginInput, access: "public", responses: { 200: "Signed in", 401: "Wrong e-mail or password", 429: "Too many failed attempts" } },
    async (c, { body }) => sessionStarted(c, await login(c.env.DB, "user", body, requestInfo(c.req.raw)), "Logged in successfully."),
  )
  .endpoint(
    { method: "post", path: "/google-login", summary: "Sign in with a Google ID token (links an account with the same verified e-mail)", body: googleLoginInput, access: "public", responses: { 404: "Google sign-in not configured" } },
    async (c, { body }) => {
      const start = await googleLogin(c.env.DB, body.credential, { clientId: c.env.GOOGLE_CLIENT_ID }, requestInfo(c.req.raw));
      return sessionStarted(c, start, start.created ? `Welcome to Mandap, ${start.account.user_name}!` : "Logged in successfully.", start.created ? 201 : 200);
    },
  )
  .endpoint({ method: "post", path: "/logout", summary: "End this session; clears the session cookie and the first-visit flag", access: "public" }, logoutHandler)
  .endpoint(
    { method: "post", path: "/request-password-reset", summary: "E-mail a reset link (same answer whether or not the address exists)", body: resetRequestInput, access: "public", responses: { 429: "Too many requests" } },
    async (c, { body }) => c.json({ success: true, ...(await requestPasswordReset(c.env.DB, mailerFor(c.env), body.email, requestInfo(c.req.raw))) }),
  )
  .endpoint(
    { method: "post", path: "/reset-password", summary: "Set a new password with a single-use reset token; ends every session", query: tokenQuery, body: resetPasswordInput, access: "public" },
    async (c, { query, body }) => c.json({ success: true, message: (await resetPassword(c.env.DB, query.token, body.password)).message }),
  )
  .endpoint(
    { method: "post", path: "/verify-email", summary: "Verify the e-mail address with the token from the e-mail", query: tokenQuery, access: "public" },
    async (c, { query }) => c.json({ success: true, message: (await verifyEmail(c.env.DB, query.token)).message }),
  )
  .endpoint({ method: "post", path: "/resend-verification", summary: "Send a new verification e-mail", access: "signed in" }, async (c) =>
    c.json({ success: true, ...(await resendVerification(c.env.DB, mailerFor(c.env), c.get("actor"), new URL(c.req.url).origin)) }),
  )
  .endpoint(
    { method: "patch", path: "/change-password", summary: "Change the password (current password required); other sessions end", body: changePasswordInput, access: "signed in" },
    async (c, { body }) => c.json({ success: true, ...(await changePassword(c.env.DB, c.get("actor"), c.get("session")?.sessionId ?? null, body, "user")) }),
  )
  .endpoint(
    { method: "patch", path: "/", summary: "Update the signed-in couple's profile fields", body: updateUserInput, access: "signed in" },
    async (c, { body }) => c.json({ success: true, message: ACCOUNT_MESSAGES.profileUpdated, user: await updateUser(c.env.DB, c.get("actor"), body) }),
  )
  .endpoint({ method: "delete", path: "/delete-user", summary: "Delete the signed-in account", access: "signed in" }, async (c) => {
    if (!c.get("actor")) throw new Unauthorized();
    const result = await deleteAccount(c.env.DB, c.get("actor"));
    clearBrowserSession(c);
    return c.json({ success: true, ...result });
  });

export const userIdParams = z.object({ id: z.string().min(1, "Missing account id.").max(64) });
