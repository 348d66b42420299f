import type { AuditLogEntry } from "#domain/admin/index.ts";
import { formatDate } from "#shared/format.ts";

/** A record's history (its audit entries), newest first: who did what, when, why, and what changed. */
export function AuditHistory({ entries, empty = "No admin actions on this record yet." }: { entries: readonly AuditLogEntry[]; empty?: string }) {
  if (entries.length === 0) return <p className="text-sm text-ink/70">{empty}</p>;
  return (
    <ol className="grid gap-3" data-testid="audit-history">
      {entries.map((e) => (
        <li key={e.id} className="rounded-xl border border-maroon-100 p-3 text-sm">
          <p>
            <strong>{e.summary}</strong>
          </p>
          <p className="mt-0.5 text-ink/70">
            {formatDate(e.createdAt)},{" "}
            {new Intl.DateTimeFormat("en-IN", { hour: "numeric", minute: "2-digit", timeZone: "Asia/Kolkata" }).format(new Date(e.createdAt))} · {e.actor.email}{" "}
            · <code>{e.action}</code>
          </p>
          {e.reason && <p className="mt-1">Reason: {e.reason}</p>}
          <FieldChanges before={e.before} after={e.after} />
        </li>
      ))}
    </ol>
  );
}

const show = (v: unknown) => (v === null || v === undefined ? "—" : typeof v === "string" ? v : JSON.stringify(v));

/** "status: active → archived" for each field that changed. */
export function FieldChanges({ before, after }: { before: Record<string, unknown> | null; after: Record<string, unknown> | null }) {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (keys.length === 0) return null;
  return (
    <ul className="mt-1 text-xs text-ink/75">
      {keys.map((k) => (
        <li key={k}>
          {k}: {show(before?.[k])} → {show(after?.[k])}
        </li>
      ))}
    </ul>
  );
}
