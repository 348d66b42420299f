import { keptFromServer } from "./KeptFromServer.tsx";
import { OfficeMap } from "./OfficeMap.tsx";
import { LanguageSwitch } from "./LanguageSwitch.tsx";

// Words and links only: a page keeps the server's HTML for them, and their code loads when a footer
// is first drawn after the page has loaded (docs/decisions/0053). The switch and the map run.
const KeptColumns = keptFromServer(() => import("./SiteFooterKept.tsx").then((kept) => kept.FooterColumns));
const KeptLinks = keptFromServer(() => import("./SiteFooterKept.tsx").then((kept) => kept.FooterLinks));
const KeptCopyright = keptFromServer(() => import("./SiteFooterKept.tsx").then((kept) => kept.FooterCopyright));

export function SiteFooter({ contactPhone }: { contactPhone: string }) {
  return (
    <footer className="mt-16 bg-maroon-900 text-white [content-visibility:auto] [contain-intrinsic-size:auto_1030px] lg:[contain-intrinsic-size:auto_600px]">
      <KeptColumns className="container-page grid grid-cols-2 gap-x-6 gap-y-10 py-12 lg:grid-cols-6" contactPhone={contactPhone} />
      <div className="container-page grid gap-8 border-t border-white/15 py-8 md:grid-cols-2">
        <div className="flex flex-wrap items-start gap-x-5 gap-y-2">
          <KeptLinks />
          <LanguageSwitch className="-my-2 text-sm [&_button]:text-white [&_button]:hover:bg-white/10" />
        </div>
        <OfficeMap />
      </div>
      <KeptCopyright />
    </footer>
  );
}
