import { m } from "#shared/paraglide/messages.js";
import { addPhoneInput, phoneCodeInput, phoneSignInInput, vendorPhoneSignInInput } from "#shared/phone-schemas.ts";
import { addPhone, type PhoneSignInResult, phoneSignIn, requestAddPhoneCode, requestSignInCode } from "#domain/accounts/index.ts";
import { homeOf } from "#domain/core/index.ts";
import { sessionStarted } from "./account-http.ts";
import type { ApiContext } from "./context.ts";
import { Resource } from "./endpoint.ts";

/** The answer to a code that was right: signed in (200), a new account (201), or which sign-up fields are wanted (200, the code stays valid). */
function signInAnswer(c: ApiContext, result: PhoneSignInResult) {
  if (result.status === "needs-signup") return c.json({ success: true, needsSignup: true, message: result.message, fields: result.fields, user: null });
  const created = result.status === "created";
  const message = created ? m.api_account_welcome_new({ name: result.account.vendor?.name ?? result.account.user_name }) : m.api_phone_welcome_back();
  return sessionStarted(c, result, message, created ? 201 : 200, { needsSignup: false, home: homeOf(result.account) });
}

/**
 * Sign-in with an Indian mobile number and a one-time code by SMS (issue 32,
 * docs/decisions/0047-mobile-sign-in.md): one code request for both doors, one sign-in per door
 * (creating the account when the number has none and the sign-up fields are given), and a
 * signed-in account adding its number.
 */
export const phoneApi = new Resource("/phone", "Mobile sign-in")
  .endpoint(
    {
      method: "post",
      path: "/code",
      summary:
        "Send a 6-digit code by SMS to an Indian mobile number, to sign in or sign up. The answer is the same whether or not the number has an account; a new code after 30 seconds",
      body: phoneCodeInput,
      access: "public",
      responses: { 202: "A code is on its way (valid 5 minutes, 5 tries)", 400: "Not an Indian mobile number", 429: "Wait before asking again" },
    },
    async (c, { body }) => c.json({ success: true, ...(await requestSignInCode(c.get("domain"), body)) }, 202),
  )
  .endpoint(
    {
      method: "post",
      path: "/sign-in",
      summary:
        "Couples: sign in with the number and its code; a number without an account is signed up when `user_name` is given, else the answer has needsSignup and the fields wanted",
      body: phoneSignInInput,
      access: "public",
      responses: {
        200: "Signed in, or needsSignup",
        201: "Account created and signed in",
        400: "Wrong or expired code",
        403: "A vendor's number: use the vendors' door",
      },
    },
    async (c, { body }) => signInAnswer(c, await phoneSignIn(c.get("domain"), { ...body, door: "user" })),
  )
  .endpoint(
    {
      method: "post",
      path: "/vendor-sign-in",
      summary:
        "Vendors: sign in with the number and its code; a number without an account is signed up when `user_name`, `name`, `business_category`, `state` and `city` are given, else the answer has needsSignup and the fields wanted",
      body: vendorPhoneSignInInput,
      access: "public",
      responses: {
        200: "Signed in, or needsSignup",
        201: "Vendor account created and signed in",
        400: "Wrong or expired code",
        403: "A couple's number: use Login",
      },
    },
    async (c, { body }) => signInAnswer(c, await phoneSignIn(c.get("domain"), { ...body, door: "vendor" })),
  )
  .endpoint(
    {
      method: "post",
      path: "/add-code",
      summary: "Send a code to a mobile number the signed-in account wants to add (or change to)",
      body: phoneCodeInput,
      access: "signedIn",
      responses: { 202: "A code is on its way", 429: "Wait before asking again" },
    },
    async (c, { body }) => c.json({ success: true, ...(await requestAddPhoneCode(c.get("domain"), body)) }, 202),
  )
  .endpoint(
    {
      method: "post",
      path: "/add",
      summary: "Verify the code and make the number the signed-in account's; it can then sign in with it",
      body: addPhoneInput,
      access: "signedIn",
      responses: { 400: "Wrong or expired code", 409: "The number is verified on another account" },
    },
    async (c, { body }) => c.json({ success: true, ...(await addPhone(c.get("domain"), body)) }),
  );
