import type { CardDetails, CardPlaceholder } from "#shared/card-format.ts";
import { input, label } from "./panel-styles.ts";

/** The card's details (names, date, venue: they fill the card's placeholder texts), or a template's name. */
export function DetailsPanel({
  fields,
  details,
  onChange,
  templateName,
  onTemplateName,
}: {
  fields: { key: CardPlaceholder; label: string; multiline?: boolean }[];
  details: CardDetails;
  onChange: (key: CardPlaceholder, value: string) => void;
  templateName: string | null;
  onTemplateName: (v: string) => void;
}) {
  return (
    <div className="space-y-3">
      {templateName !== null && (
        <label className={label}>
          Template name
          <input className={input} value={templateName} maxLength={120} onChange={(e) => onTemplateName(e.target.value)} />
        </label>
      )}
      {fields.length > 0 && <p className="text-xs text-stone-500">These fill the card&apos;s name, date and venue texts.</p>}
      {fields.map((f) => (
        <label key={f.key} className={label}>
          {f.label}
          {f.multiline ? (
            <textarea
              aria-label={f.label}
              className={input}
              rows={3}
              maxLength={500}
              value={details[f.key] ?? ""}
              onChange={(e) => onChange(f.key, e.target.value)}
            />
          ) : (
            <input className={input} maxLength={120} value={details[f.key] ?? ""} onChange={(e) => onChange(f.key, e.target.value)} />
          )}
        </label>
      ))}
    </div>
  );
}
