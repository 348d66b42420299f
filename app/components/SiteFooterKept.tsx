import { KeptLink } from "./KeptFromServer.tsx";
import { browsePath, CATALOGUE } from "#shared/catalogue.ts";
import { SITE_NAME } from "#shared/strings.ts";
import { getLocale } from "#shared/locale.ts";
import { m } from "#shared/paraglide/messages.js";
import { Logo } from "./Logo.tsx";

/**
 * The footer's parts that run nothing in the browser. A page keeps the server's HTML for them
 * (keptFromServer, in SiteFooter.tsx): this module loads only when a footer is first drawn after
 * the page has loaded (a client-side navigation from a page without one).
 */
const SOCIAL = [
  { label: "Facebook", href: "https://www.facebook.com/" },
  { label: "Instagram", href: "https://www.instagram.com/" },
  { label: "YouTube", href: "https://www.youtube.com/" },
  { label: "Pinterest", href: "https://www.pinterest.com/" },
];

export function FooterColumns({ contactPhone }: { contactPhone: string }) {
  const hindi = getLocale() === "hi";
  return (
    <>
      <div className="col-span-2">
        <Logo light />
        <p className="mt-3 max-w-sm text-sm text-white/80">{m.footer_tagline()}</p>
        <p className="mt-3 text-sm text-white/80">
          {m.footer_call_us()}{" "}
          <a className="underline" href={`tel:${contactPhone.replace(/\s/g, "")}`}>
            {contactPhone}
          </a>
        </p>
        <ul className="mt-4 flex flex-wrap gap-3 text-sm">
          {SOCIAL.map((s) => (
            <li key={s.label}>
              <a href={s.href} rel="noopener noreferrer" target="_blank" className="text-white/85 underline-offset-4 hover:underline">
                {s.label}
              </a>
            </li>
          ))}
        </ul>
      </div>
      {CATALOGUE.map((group) => (
        <div key={group.slug}>
          <h2 className="font-sans text-sm font-semibold uppercase tracking-wider text-marigold-300">{hindi ? group.hi : group.name}</h2>
          <ul className="mt-3 space-y-1.5 text-sm">
            {group.subcategories.slice(0, 6).map((s) => (
              <li key={s.slug}>
                <KeptLink to={browsePath(group.name, s.name)} className="text-white/80 hover:text-white">
                  {hindi ? s.hi : s.name}
                </KeptLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </>
  );
}

export function FooterLinks() {
  return (
    <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
      <li>
        <KeptLink to="/" className="text-white/85 hover:text-white">
          {m.footer_home()}
        </KeptLink>
      </li>
      <li>
        <KeptLink to="/about" className="text-white/85 hover:text-white">
          {m.footer_about()}
        </KeptLink>
      </li>
      <li>
        <KeptLink to="/contactus" className="text-white/85 hover:text-white">
          {m.footer_contact()}
        </KeptLink>
      </li>
      <li>
        <a href="/privacypolicy.html" className="text-white/85 hover:text-white">
          {m.footer_privacy()}
        </a>
      </li>
      <li>
        <a href="/terms.html" className="text-white/85 hover:text-white">
          {m.footer_terms()}
        </a>
      </li>
    </ul>
  );
}

export function FooterCopyright() {
  return <p className="pb-8 text-center text-xs text-white/60">{m.footer_copyright({ year: String(new Date().getFullYear()), site: SITE_NAME })}</p>;
}
