/**
 * A form's own message above its fields: a refusal ("Wrong e-mail or password.") is announced at
 * once (role=alert), a success politely (role=status). Nothing is rendered without a message.
 */
export function FormAlert({ message, tone = "error", className }: { message?: string | null | undefined; tone?: "error" | "success"; className?: string }) {
  if (!message) return null;
  return (
    <p
      role={tone === "error" ? "alert" : "status"}
      className={`${className ?? "mb-4"} rounded-lg px-3 py-2 text-sm ${tone === "error" ? "bg-red-50 text-red-800" : "bg-green-50 text-green-800"}`}
    >
      {message}
    </p>
  );
}
