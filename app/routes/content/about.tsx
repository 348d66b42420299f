import { canonicalLink } from "#app/lib/canonical.ts";
import { Link } from "react-router";
import type { Route } from "./+types/about";
import { OfficeMap } from "#app/components/OfficeMap.tsx";
import { useRootData } from "#app/lib/root-data.ts";
import { Fragment, type ReactNode } from "react";
import { pageTitle } from "#shared/strings.ts";

import { m } from "#shared/paraglide/messages.js";

/**
 * /about: who Mandap is for, how it works for couples and for vendors, and how to reach the team.
 * Static: every line says what the product does today. The text is the code's, not the database's
 * (no one edits it in the admin console), so its Hindi is in messages/public/ like the rest of the
 * interface; the loader renders it in the page's language, so the long texts travel in the page's
 * data and not in its JavaScript.
 */
function aboutText() {
  return {
    title: m.public_about_title(),
    description: m.public_about_description(),
    heading: m.public_about_heading(),
    intro: m.public_about_intro(),
    find: m.public_about_find(),
    listBusiness: m.public_about_list_business(),
    couples: m.public_about_couples(),
    couplesText: m.public_about_couples_text(),
    coupleSteps: [
      [m.public_about_couple_find(), m.public_about_couple_find_text()],
      [m.public_about_couple_ask(), m.public_about_couple_ask_text()],
      [m.public_about_couple_plan(), m.public_about_couple_plan_text()],
      [m.public_about_couple_invite(), m.public_about_couple_invite_text()],
    ],
    steps: [1, 2, 3, 4].map((number) => m.public_about_step({ number })),
    vendors: m.public_about_vendors(),
    vendorsText: m.public_about_vendors_text(),
    vendorTools: [
      [m.public_about_vendor_list(), m.public_about_vendor_list_text()],
      [m.public_about_vendor_answer(), m.public_about_vendor_answer_text()],
      [m.public_about_vendor_track(), m.public_about_vendor_track_text()],
      [m.public_about_vendor_plan(), m.public_about_vendor_plan_text()],
    ],
    badges: m.public_about_badges(),
    badgeList: [
      [m.public_about_badge_vendor(), m.public_about_badge_vendor_text()],
      [m.public_about_badge_booking(), m.public_about_badge_booking_text()],
      [m.public_about_badge_response(), m.public_about_badge_response_text()],
    ],
    talk: m.public_about_talk(),
    office: m.public_about_office({ office: m.office_address() }),
    // The sentence around the phone's and the form's links: split where the links go.
    callOrWrite: m.public_about_call_or_write({ phone: "\uE000phone\uE000", message: "\uE000message\uE000" }),
    write: m.public_about_write({ message: "\uE000message\uE000" }),
    sendMessage: m.public_about_send_message(),
  } satisfies Record<string, string | string[] | [string, string][]>;
}

export function loader({ request }: Route.LoaderArgs) {
  return { origin: new URL(request.url).origin, text: aboutText() };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData?.text.title ?? "") },
  { name: "description", content: loaderData?.text.description ?? "" },
  canonicalLink(loaderData?.origin ?? "", "/about"),
];

/** A sentence from the loader with its links put where the marks are. */
function withLinks(sentence: string, parts: Record<string, ReactNode>): ReactNode {
  return sentence.split(/\uE000(\w+)\uE000/).map((piece, i) => <Fragment key={i}>{i % 2 ? parts[piece] : piece}</Fragment>);
}

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const { text } = loaderData;
  const phone = useRootData()?.contactPhone ?? "";
  return (
    <div className="pb-12">
      <section className="bg-maroon-900 text-white">
        <div className="container-page py-12 md:py-16">
          <h1 className="max-w-3xl text-4xl font-bold md:text-5xl">{text.heading}</h1>
          <p className="mt-4 max-w-2xl text-lg text-white/90">{text.intro}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to="/browse" className="btn bg-marigold-300 text-maroon-900 hover:bg-marigold-200">
              {text.find}
            </Link>
            <Link to="/vendorSignup" className="btn border border-white text-white hover:bg-white/10">
              {text.listBusiness}
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="couples-title" className="container-page mt-12">
        <h2 id="couples-title" className="text-3xl font-bold text-maroon-800">
          {text.couples}
        </h2>
        <p className="mt-2 max-w-2xl text-ink/80">{text.couplesText}</p>
        <ol className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {text.coupleSteps.map(([title, line], i) => (
            <li key={title} className="rounded-2xl border border-maroon-100 bg-white p-5">
              <p className="text-sm font-semibold text-marigold-700">{text.steps[i]}</p>
              <h3 className="mt-1 text-xl font-semibold">{title}</h3>
              <p className="mt-2 text-sm text-ink/80">{line}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="vendors-title" className="container-page mt-12">
        <h2 id="vendors-title" className="text-3xl font-bold text-maroon-800">
          {text.vendors}
        </h2>
        <p className="mt-2 max-w-2xl text-ink/80">{text.vendorsText}</p>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {text.vendorTools.map(([title, line]) => (
            <li key={title} className="rounded-2xl border border-maroon-100 bg-white p-5">
              <h3 className="text-xl font-semibold">{title}</h3>
              <p className="mt-2 text-sm text-ink/80">{line}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="trust-title" className="container-page mt-12 grid gap-6 md:grid-cols-2">
        <div className="rounded-2xl bg-marigold-50 p-6">
          <h2 id="trust-title" className="text-2xl font-bold text-maroon-800">
            {text.badges}
          </h2>
          <ul className="mt-3 grid gap-2 text-ink/85">
            {text.badgeList.map(([badge, meaning]) => (
              <li key={badge}>
                <strong>{badge}</strong>
                {meaning}
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-2xl border border-maroon-100 bg-white p-6">
          <h2 className="text-2xl font-bold text-maroon-800">{text.talk}</h2>
          <p className="mt-2 text-ink/85">
            {text.office}{" "}
            {withLinks(phone ? text.callOrWrite : text.write, {
              phone: (
                <a href={`tel:${phone.replace(/\s/g, "")}`} className="font-semibold text-maroon-700 underline">
                  {phone}
                </a>
              ),
              message: (
                <Link to="/contactus" className="font-semibold text-maroon-700 underline">
                  {text.sendMessage}
                </Link>
              ),
            })}
          </p>
          <div className="mt-4">
            <OfficeMap tone="light" />
          </div>
        </div>
      </section>
    </div>
  );
}
