import type { ReactNode } from "react";
import { Link, useNavigation } from "react-router";

/** Building blocks of the account pages: a card, a submit button that says it is working, a text link. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
  wide,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  return (
    <section className="container-page flex justify-center py-8 md:py-14">
      <div className={`w-full ${wide ? "max-w-2xl" : "max-w-md"} rounded-2xl border border-maroon-100 bg-white p-6 shadow-sm md:p-8`}>
        <h1 className="text-3xl font-bold text-maroon-700">{title}</h1>
        {subtitle && <p className="mt-2 text-sm text-ink/75">{subtitle}</p>}
        <div className="mt-6">{children}</div>
        {footer && <div className="mt-6 border-t border-maroon-100 pt-4 text-sm text-ink/80">{footer}</div>}
      </div>
    </section>
  );
}

/**
 * Kept for app/routes/profile/weddingplan/ui.tsx only (being edited elsewhere while issue 29's
 * primitives land): new code imports Field and FormAlert from #app/components/ui.
 */
export { Field, FormAlert as FormMessage } from "#app/components/ui/index.ts";

export function SubmitButton({
  children,
  pendingText,
  name,
  value,
  className,
}: {
  children: ReactNode;
  pendingText: string;
  name?: string;
  value?: string;
  className?: string;
}) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && (!name || navigation.formData?.get(name) === value);
  return (
    <button type="submit" name={name} value={value} disabled={pending} className={className ?? "btn-primary w-full py-3"}>
      {pending ? pendingText : children}
    </button>
  );
}

export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="font-semibold text-maroon-700 underline-offset-2 hover:underline">
      {children}
    </Link>
  );
}
