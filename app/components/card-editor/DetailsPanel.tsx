import type { CardDetails, CardPlaceholder } from "#shared/card-format.ts";
import { Field, TextArea } from "#app/components/ui/index.ts";
import { m } from "#shared/paraglide/messages.js";

/** The card's details (names, date, venue: they fill the card's placeholder texts), or a template's name. */
export function DetailsPanel({
  fields,
  details,
  onChange,
  templateName,
  onTemplateName,
}: {
  fields: { key: CardPlaceholder; label: () => string; multiline?: boolean }[];
  details: CardDetails;
  onChange: (key: CardPlaceholder, value: string) => void;
  templateName: string | null;
  onTemplateName: (v: string) => void;
}) {
  return (
    <div className="space-y-3">
      {templateName !== null && (
        <Field compact label={m.couple_editor_template_name()} value={templateName} maxLength={120} onChange={(e) => onTemplateName(e.target.value)} />
      )}
      {fields.length > 0 && <p className="text-xs text-stone-500">{m.couple_editor_details_fill()}</p>}
      {fields.map((f) =>
        f.multiline ? (
          <TextArea
            key={f.key}
            compact
            label={f.label()}
            rows={3}
            maxLength={500}
            value={details[f.key] ?? ""}
            onChange={(e) => onChange(f.key, e.target.value)}
          />
        ) : (
          <Field key={f.key} compact label={f.label()} maxLength={120} value={details[f.key] ?? ""} onChange={(e) => onChange(f.key, e.target.value)} />
        ),
      )}
    </div>
  );
}
