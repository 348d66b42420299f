import { addEmailInput, emailCodeInput } from "#shared/email-address-schemas.ts";
import { addEmail, requestEmailCode } from "#domain/accounts/index.ts";
import { Resource } from "./endpoint.ts";

/**
 * A phone-only account adds an e-mail address (issue 32, functions/domain/accounts/add-email.ts): a
 * 6-digit code mailed to the address, then the code. The same calls as the /email-address page.
 */
export const emailAddressApi = new Resource("/email-address", "E-mail address")
  .endpoint(
    {
      method: "post",
      path: "/code",
      summary:
        "Phone-only accounts: mail a 6-digit code to the e-mail address to add. The answer is the same whether or not the address has an account (its owner is told instead); a new code after 30 seconds",
      body: emailCodeInput,
      access: "signedIn",
      responses: { 202: "A code is on its way (valid 5 minutes, 5 tries)", 409: "The account already has an e-mail address", 429: "Wait before asking again" },
    },
    async (c, { body }) => c.json({ success: true, ...(await requestEmailCode(c.get("domain"), body)) }, 202),
  )
  .endpoint(
    {
      method: "post",
      path: "/",
      summary: "Phone-only accounts: the mailed code makes the address the account's (verified); it then gets its mail",
      body: addEmailInput,
      access: "signedIn",
      responses: { 400: "Wrong or expired code", 409: "The account already has an address, or the address belongs to another account" },
    },
    async (c, { body }) => c.json({ success: true, ...(await addEmail(c.get("domain"), body)) }),
  );
