import { useEffect, useState } from "react";
import { Form } from "react-router";
import { LocationBox } from "#app/components/LocationBox.tsx";
import { showToast } from "#app/components/Toaster.tsx";
import { keptFromServer } from "#app/components/KeptFromServer.tsx";
import { SEARCH } from "#shared/strings.ts";
import { Field } from "#app/components/ui/Field.tsx";
import { m } from "#shared/paraglide/messages.js";

export const HERO_IMAGE_COUNT = 6;
export const HERO_ROTATE_MS = 5000;
/** Slide i's image; the first (i = 0) is drawn by the stylesheet (`.hero-art` in app/app.css), so it needs no request. */
export const heroImage = (i: number) => `/images/hero/hero-${i + 1}.svg`;

export function HeroImages() {
  const [index, setIndex] = useState(0);
  const [loaded, setLoaded] = useState(1);
  useEffect(() => {
    const timer = window.setInterval(() => {
      setIndex((i) => (i + 1) % HERO_IMAGE_COUNT);
      setLoaded((n) => Math.min(HERO_IMAGE_COUNT, n + 1));
    }, HERO_ROTATE_MS);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <div aria-hidden="true" className="hero-art absolute inset-0" data-hero-index={index}>
      {Array.from({ length: loaded - 1 }, (_, n) => n + 1).map((i) => (
        <img
          key={i}
          src={heroImage(i)}
          alt=""
          width={1600}
          height={900}
          className={`hero-slide absolute inset-0 h-full w-full object-cover ${i === index ? "opacity-100" : "opacity-0"}`}
        />
      ))}
      <div className="absolute inset-0 bg-gradient-to-b from-maroon-900/80 via-maroon-900/65 to-maroon-900/85" />
    </div>
  );
}

// The vendor field's suggestions are options only: the page keeps the server's HTML (docs/decisions/0053).
const KeptVendorOptions = keptFromServer(() => import("./kept.tsx").then((kept) => kept.VendorOptions));

export function HeroSearch({ locations }: { locations: Record<string, string[]> }) {
  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    const form = new FormData(e.currentTarget);
    const vendor = String(form.get("vendor") ?? "").trim();
    const place = String(form.get("location") ?? "").trim() || String(form.get("where") ?? "").trim();
    if (place && !vendor) {
      e.preventDefault();
      showToast("error", SEARCH.selectVendor);
    }
  };
  return (
    <Form
      method="get"
      action="/all"
      onSubmit={onSubmit}
      role="search"
      aria-label={m.public_hero_search_label()}
      className="mt-8 grid gap-3 rounded-2xl bg-white/95 p-3 shadow-xl md:grid-cols-[1fr_1fr_auto]"
    >
      <div>
        <Field
          id="hero-vendor"
          name="vendor"
          type="search"
          label={m.public_hero_vendor_label()}
          hideLabel
          list="hero-vendor-options"
          autoComplete="off"
          placeholder={m.public_hero_vendor_placeholder()}
          inputClassName="h-12 rounded-xl px-4 text-ink placeholder:text-ink/70"
        />
        <KeptVendorOptions />
      </div>
      <LocationBox locations={locations} label={m.public_hero_location_label()} />
      <button type="submit" className="btn-primary h-12 px-8">
        {m.public_search_submit()}
      </button>
    </Form>
  );
}
