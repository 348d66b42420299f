import { useId, type InputHTMLAttributes, type ReactNode } from "react";
import { Link, useNavigation } from "react-router";

/** Building blocks of the account pages: a card, labelled fields with their errors, a submit button. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
  wide,
}: {
  title: string;
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

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; name: string; error?: string; hint?: string };

export function Field({ label, name, error, hint, className, id: givenId, ...input }: FieldProps) {
  const autoId = useId();
  const id = givenId ?? autoId;
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`flex flex-col gap-1 ${className ?? ""}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`rounded-lg border bg-white px-3 py-2.5 text-base outline-none focus:border-maroon-700 ${error ? "border-red-600" : "border-ink/20"}`}
        {...input}
      />
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-ink/65">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The form-level message (wrong password, too many attempts...). */
export function FormMessage({ message, tone = "error" }: { message?: string | null; tone?: "error" | "success" }) {
  if (!message) return null;
  return (
    <p
      role={tone === "error" ? "alert" : "status"}
      className={`mb-4 rounded-lg px-3 py-2 text-sm ${tone === "error" ? "bg-red-50 text-red-800" : "bg-green-50 text-green-800"}`}
    >
      {message}
    </p>
  );
}

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
