import { m } from "#shared/paraglide/messages.js";
import { rich } from "#app/components/rich.tsx";
import type { ReviewReply } from "#domain/catalogue/index.ts";
import { formatDate } from "#shared/format.ts";

/** A reply to a review, signed truthfully: the vendor's name, or the Mandap team for an admin's reply. */
export function ReplyNote({ reply }: { reply: ReviewReply }) {
  return (
    <div className="mt-4 rounded-xl border-l-4 border-maroon-600 bg-maroon-50 p-3 text-sm" data-reply-by={reply.by ?? "unknown"}>
      <p className="font-semibold text-maroon-800">
        {reply.author ? rich(m.public_reply_from, { author: <span translate="no">{reply.author}</span> }) : m.public_reply()}
        {reply.replied_at ? <span className="font-normal text-ink/70"> · {formatDate(reply.replied_at)}</span> : null}
      </p>
      <p className="mt-1 whitespace-pre-line" translate="no">
        {reply.text}
      </p>
    </div>
  );
}
