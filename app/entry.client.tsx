import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { knowHindiCatalogueNames, knowHindiPlaceNames } from "#app/lib/shown-names.ts";
import { getLocale } from "#shared/locale.ts";

/**
 * React Router's own browser entry, after one step on a Hindi page: the states', cities' and the
 * catalogue's Hindi names load first, so the page hydrates with the names the server drew. An
 * English page skips the step and never downloads them (docs/decisions/0053). If they fail to
 * load, the page still hydrates (the English names then replace the Hindi ones the server drew).
 */
async function hindiNames() {
  if (getLocale() !== "hi") return;
  const [{ PLACE_NAMES_HI }, { CATALOGUE }] = await Promise.all([import("#shared/places.ts"), import("#shared/catalogue.ts")]);
  knowHindiPlaceNames(PLACE_NAMES_HI);
  knowHindiCatalogueNames(CATALOGUE);
}

void hindiNames()
  .catch(() => undefined)
  .then(() =>
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    }),
  );
