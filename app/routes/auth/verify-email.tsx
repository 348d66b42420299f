import { Form } from "react-router";
import type { Route } from "./+types/verify-email";
import { ACCOUNT_MESSAGES } from "../../../functions/domain/account-messages.ts";
import { verifyEmail } from "../../../functions/domain/accounts.ts";
import { Invalid } from "../../../functions/domain/errors.ts";
import { appContext } from "../../context.ts";
import { AuthCard, FormMessage, SubmitButton, TextLink } from "../../components/auth/AuthForm.tsx";
import { formFailure, homeFor } from "../../lib/auth-forms.server.ts";
import { redirectWithToast } from "../../lib/cookies.server.ts";
import { pageTitle } from "../../lib/strings.ts";

/**
 * The e-mailed verification link. Opening it shows a confirm button (a POST), so mail scanners
 * that fetch links cannot spend the token.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle("Verify your e-mail") }];

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { wellFormed: /^[a-z2-7]{32}$/.test(token) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { env, actor } = context.get(appContext);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  try {
    if (!/^[a-z2-7]{32}$/.test(token)) throw new Invalid(ACCOUNT_MESSAGES.badVerifyLink);
    const { message, role, userId } = await verifyEmail(env.DB, token);
    const to = actor?.id === userId ? homeFor(role) : role === "VENDOR" ? "/vendorLogin" : "/login";
    return redirectWithToast(request, to, { type: "success", message });
  } catch (e) {
    return formFailure(e, request);
  }
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.wellFormed || actionData) {
    return (
      <AuthCard title="This link does not work">
        <FormMessage message={actionData?.message ?? ACCOUNT_MESSAGES.badVerifyLink} />
        <TextLink to="/profile">Go to your profile</TextLink>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Verify your e-mail address" subtitle="Confirm that this e-mail address belongs to you.">
      <Form method="post">
        <SubmitButton pendingText="Verifying…">Verify my e-mail address</SubmitButton>
      </Form>
    </AuthCard>
  );
}
