import { useEffect, useRef, useState } from "react";
import { apiFetch } from "#app/lib/api-fetch.ts";
import { showToast } from "#app/components/Toaster.tsx";
import type { Home } from "#domain/core/index.ts";
import { m } from "#shared/paraglide/messages.js";

type Gsi = {
  accounts: {
    id: {
      initialize(o: { client_id: string; callback: (r: { credential: string }) => void; ux_mode?: string }): void;
      renderButton(el: HTMLElement, o: Record<string, unknown>): void;
    };
  };
};

/**
 * "Sign in with Google" through Google Identity Services. Shown only when a client id is
 * configured; the ID token goes to POST /users/google-login, which verifies it on the server.
 */
export function GoogleButton({ clientId, text = "signin_with" }: { clientId: string | null; text?: "signin_with" | "signup_with" }) {
  const ref = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!clientId || !ref.current) return;
    const el = ref.current;
    const render = () => {
      const google = (window as unknown as { google?: Gsi }).google;
      if (!google) return;
      google.accounts.id.initialize({
        client_id: clientId,
        ux_mode: "popup",
        callback: async ({ credential }) => {
          // The server says where the account belongs (the same rule as the log-in forms).
          const { body } = await apiFetch<{ message: string; home: Home }>("/users/google-login", { body: { credential } });
          if (body.success) window.location.assign(body.home);
          else showToast("error", body.message);
        },
      });
      google.accounts.id.renderButton(el, { theme: "outline", size: "large", shape: "pill", text, width: el.clientWidth || 320 });
    };
    const existing = document.querySelector<HTMLScriptElement>("script[data-gsi]");
    if (existing) {
      render();
      existing.addEventListener("load", render);
      return () => existing.removeEventListener("load", render);
    }
    const script = document.createElement("script");
    script.src = "https://accounts.google.com/gsi/client";
    script.async = true;
    script.dataset.gsi = "1";
    script.onload = render;
    script.onerror = () => setFailed(true);
    document.head.appendChild(script);
  }, [clientId, text]);

  if (!clientId) return null;
  return (
    <div className="mt-5">
      <div className="mb-4 flex items-center gap-3 text-xs uppercase tracking-wide text-ink/70">
        <span className="h-px flex-1 bg-ink/15" /> {m.account_or()} <span className="h-px flex-1 bg-ink/15" />
      </div>
      <div ref={ref} data-testid="google-signin" className="flex min-h-11 justify-center" />
      {failed && <p className="mt-2 text-center text-sm text-ink/70">{m.account_google_failed()}</p>}
    </div>
  );
}
