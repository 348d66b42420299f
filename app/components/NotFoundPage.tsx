import { Link } from "react-router";
import { CATALOGUE, browsePath } from "#shared/catalogue.ts";
import { NOT_FOUND } from "#shared/strings.ts";

export function NotFoundPage() {
  return (
    <section className="container-page flex min-h-[60vh] flex-col items-center justify-center gap-5 py-16 text-center">
      <p className="font-display text-6xl font-bold text-maroon-700">404</p>
      <h1 className="text-3xl font-bold">{NOT_FOUND.heading}</h1>
      <p className="max-w-lg text-ink/75">{NOT_FOUND.text}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn-primary">
          Go to the home page
        </Link>
        <Link to="/all" className="btn-secondary">
          Browse all services
        </Link>
      </div>
      <ul className="mt-4 flex flex-wrap justify-center gap-2 text-sm">
        {CATALOGUE.map((g) => (
          <li key={g.slug}>
            <Link to={browsePath(g.name)} className="rounded-full bg-maroon-50 px-3 py-1 text-maroon-700 hover:bg-maroon-100">
              {g.name}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
