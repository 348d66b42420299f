import { FormAlert } from "#app/components/ui/index.ts";
import { AuthCard, TextLink } from "./AuthForm.tsx";

/** After a sign-up: the account is made when the e-mailed link is opened. */
export function CheckInbox({ message, email, loginPath }: { message: string; email: string; loginPath: string }) {
  return (
    <AuthCard title="Check your inbox" subtitle={`One step left: open the link we sent to ${email}.`}>
      <FormAlert tone="success" message={message} />
      <p className="text-sm text-ink/80">
        No e-mail after a few minutes? Look in the spam folder, or sign up again. Already have an account? <TextLink to={loginPath}>Log in</TextLink>.
      </p>
    </AuthCard>
  );
}
