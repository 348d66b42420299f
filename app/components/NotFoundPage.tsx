import { KeptLink } from "./KeptFromServer.tsx";
import { CATALOGUE, browsePath } from "#shared/catalogue.ts";
import { getLocale } from "#shared/locale.ts";
import { m } from "#shared/paraglide/messages.js";

export function NotFoundPage() {
  const hindi = getLocale() === "hi";
  return (
    <section className="container-page flex min-h-[60vh] flex-col items-center justify-center gap-5 py-16 text-center">
      <p className="font-display text-6xl font-bold text-maroon-700">404</p>
      <h1 className="text-3xl font-bold">{m.not_found_heading()}</h1>
      <p className="max-w-lg text-ink/75">{m.not_found_text()}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <KeptLink to="/" className="btn-primary">
          {m.not_found_home()}
        </KeptLink>
        <KeptLink to="/all" className="btn-secondary">
          {m.not_found_browse()}
        </KeptLink>
      </div>
      <ul className="mt-4 flex flex-wrap justify-center gap-2 text-sm">
        {CATALOGUE.map((g) => (
          <li key={g.slug}>
            <KeptLink to={browsePath(g.name)} className="rounded-full bg-maroon-50 px-3 py-1 text-maroon-700 hover:bg-maroon-100">
              {hindi ? g.hi : g.name}
            </KeptLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
