import { useState } from "react";
import { CARD_EXPORT_SIZES, type CardExportSize } from "#shared/card-format.ts";
import { Select } from "#app/components/ui/index.ts";
import { label } from "./panel-styles.ts";
import { m } from "#shared/paraglide/messages.js";

/** The print sizes' names in the page's language (CARD_EXPORT_SIZES' labels are the English ones). */
const SIZE_NAMES: Record<CardExportSize, () => string> = { A5: m.couple_editor_size_a5, A6: m.couple_editor_size_a6, STORY: m.couple_editor_size_story };

/** Download the card as PDF or PNG at a print size. */
export function ExportPanel({
  canExport,
  busy,
  onExport,
}: {
  canExport: boolean;
  busy: boolean;
  onExport: (format: "pdf" | "png", size: CardExportSize) => void;
}) {
  const [format, setFormat] = useState<"pdf" | "png">("pdf");
  const [size, setSize] = useState<CardExportSize>("A5");
  if (!canExport) return <p className="text-sm text-stone-500">{m.couple_editor_templates_no_export()}</p>;
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        onExport(format, size);
      }}
    >
      <fieldset>
        <legend className={label}>{m.couple_editor_format()}</legend>
        <div className="mt-1 flex gap-3 text-sm">
          {(["pdf", "png"] as const).map((f) => (
            <label key={f} className="flex items-center gap-1">
              <input type="radio" name="format" value={f} checked={format === f} onChange={() => setFormat(f)} />
              {f.toUpperCase()}
            </label>
          ))}
        </div>
      </fieldset>
      <Select
        compact
        label={m.couple_editor_size()}
        value={size}
        onChange={(e) => setSize(e.target.value as CardExportSize)}
        options={(Object.keys(CARD_EXPORT_SIZES) as CardExportSize[]).map((k) => [k, SIZE_NAMES[k]()] as const)}
      />
      <button type="submit" className="rounded-lg bg-maroon-700 px-4 py-2 text-sm font-medium text-white disabled:opacity-50" disabled={busy}>
        {m.couple_editor_download({ format: format.toUpperCase() })}
      </button>
      <p className="text-xs text-stone-500">{m.couple_editor_print_dpi()}</p>
    </form>
  );
}
