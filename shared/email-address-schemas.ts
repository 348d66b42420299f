import { z } from "zod";
import { email } from "./account-schemas.ts";
import { otpCode } from "./phone-schemas.ts";

/** A phone-only account adds an e-mail address (issue 32): the address, then the 6-digit code mailed to it. */
export const emailCodeInput = z.object({ email });
export const addEmailInput = z.object({ email, code: otpCode });
