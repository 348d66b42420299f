import { canonicalLink } from "#app/lib/canonical.ts";
import { Link } from "react-router";
import type { Route } from "./+types/about";
import { OfficeMap } from "#app/components/OfficeMap.tsx";
import { useRootData } from "#app/lib/root-data.ts";
import { OFFICE } from "#shared/contact.ts";
import { pageTitle } from "#shared/strings.ts";

/** /about: who Mandap is for, how it works for couples and for vendors, and how to reach the team. Static: every line says what the product does today. */
export function loader({ request }: Route.LoaderArgs) {
  return { origin: new URL(request.url).origin };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle("About Mandap: the wedding marketplace for India") },
  {
    name: "description",
    content:
      "Mandap helps couples find venues and vendors for every function of an Indian wedding and plan it in one place, and helps vendors answer enquiries and track bookings.",
  },
  canonicalLink(loaderData?.origin ?? "", "/about"),
];

const COUPLES = [
  {
    title: "Find venues and vendors",
    text: "Search by city and category: banquet halls and palaces, caterers, photographers, decorators, makeup and mehendi artists. Compare prices, photos and reviews.",
  },
  {
    title: "Ask, compare, book",
    text: "Send an enquiry, talk to the vendor in one conversation, compare their quotes, and confirm a booking with its payment dates.",
  },
  {
    title: "Plan every function",
    text: "A checklist that follows your wedding date, a planner for each function, a budget that adds up what you booked and paid, and a guest list with RSVPs per function.",
  },
  { title: "Invite your guests", text: "Design an invitation card from a template, share it as a link, and see who is coming to which function." },
];

const VENDORS = [
  { title: "List your services", text: "Your prices, photos, capacity and the questions couples ask, on a page couples find by city and category." },
  { title: "Answer enquiries", text: "Every enquiry in one inbox with the couple's date, guests and budget; reply, send a quote and mark what is booked." },
  {
    title: "Track bookings and payments",
    text: "Bookings with their payment milestones and deliverables, views and enquiries per service, and a calendar of dates you are taken.",
  },
  { title: "Choose a plan", text: "Start with a free trial and pick a plan that fits how many services you list; payments come with GST invoices." },
];

export default function AboutPage() {
  const phone = useRootData()?.contactPhone ?? "";
  return (
    <div className="pb-12">
      <section className="bg-maroon-900 text-white">
        <div className="container-page py-12 md:py-16">
          <h1 className="max-w-3xl text-4xl font-bold md:text-5xl">A wedding marketplace built for the way India gets married</h1>
          <p className="mt-4 max-w-2xl text-lg text-white/90">
            An Indian wedding is many functions, many families and many vendors. Mandap brings the venues and vendors, and the planning, into one place for the
            couple, and gives vendors the tools to answer them well.
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to="/browse" className="btn bg-marigold-300 text-maroon-900 hover:bg-marigold-200">
              Find venues and vendors
            </Link>
            <Link to="/vendorSignup" className="btn border border-white text-white hover:bg-white/10">
              List your business
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="couples-title" className="container-page mt-12">
        <h2 id="couples-title" className="text-3xl font-bold text-maroon-800">
          For couples
        </h2>
        <p className="mt-2 max-w-2xl text-ink/80">
          Planning is free for couples (some invitation designs are paid). Sign up once and everything you plan is kept together, from the roka to the
          reception.
        </p>
        <ol className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {COUPLES.map((s, i) => (
            <li key={s.title} className="rounded-2xl border border-maroon-100 bg-white p-5">
              <p className="text-sm font-semibold text-marigold-700">Step {i + 1}</p>
              <h3 className="mt-1 text-xl font-semibold">{s.title}</h3>
              <p className="mt-2 text-sm text-ink/80">{s.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="vendors-title" className="container-page mt-12">
        <h2 id="vendors-title" className="text-3xl font-bold text-maroon-800">
          For vendors
        </h2>
        <p className="mt-2 max-w-2xl text-ink/80">Venues, caterers, photographers, decorators, artists and everyone else who makes a wedding happen.</p>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {VENDORS.map((s) => (
            <li key={s.title} className="rounded-2xl border border-maroon-100 bg-white p-5">
              <h3 className="text-xl font-semibold">{s.title}</h3>
              <p className="mt-2 text-sm text-ink/80">{s.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="trust-title" className="container-page mt-12 grid gap-6 md:grid-cols-2">
        <div className="rounded-2xl bg-marigold-50 p-6">
          <h2 id="trust-title" className="text-2xl font-bold text-maroon-800">
            What our badges mean
          </h2>
          <ul className="mt-3 grid gap-2 text-ink/85">
            <li>
              <strong>Verified vendor</strong>: our team checked the business; no vendor can give it to themselves.
            </li>
            <li>
              <strong>Verified booking</strong>: the review comes from a couple who booked the service through Mandap, once the booked date has passed or the
              vendor has marked the booking completed.
            </li>
            <li>
              <strong>Response time</strong>: measured from the vendor's real replies to enquiries.
            </li>
          </ul>
        </div>
        <div className="rounded-2xl border border-maroon-100 bg-white p-6">
          <h2 className="text-2xl font-bold text-maroon-800">Talk to us</h2>
          <p className="mt-2 text-ink/85">
            Our office is in {OFFICE}.{" "}
            {phone && (
              <>
                Call{" "}
                <a href={`tel:${phone.replace(/\s/g, "")}`} className="font-semibold text-maroon-700 underline">
                  {phone}
                </a>{" "}
                or{" "}
              </>
            )}
            <Link to="/contactus" className="font-semibold text-maroon-700 underline">
              send us a message
            </Link>
            .
          </p>
          <div className="mt-4">
            <OfficeMap tone="light" />
          </div>
        </div>
      </section>
    </div>
  );
}
