import { FormAlert } from "#app/components/ui/index.ts";
import { AuthCard, TextLink } from "./AuthForm.tsx";
import { m } from "#shared/paraglide/messages.js";

/** After a sign-up: the account is made when the e-mailed link is opened. */
export function CheckInbox({ message, email, loginPath }: { message: string; email: string; loginPath: string }) {
  return (
    <AuthCard title={m.account_check_inbox_title()} subtitle={m.account_check_inbox_subtitle({ email })}>
      <FormAlert tone="success" message={message} />
      <p className="text-sm text-ink/80">
        {m.account_check_inbox_text()} {m.account_already_have_account()} <TextLink to={loginPath}>{m.account_log_in()}</TextLink>.
      </p>
    </AuthCard>
  );
}
