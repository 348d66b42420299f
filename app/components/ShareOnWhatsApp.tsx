import { m } from "#shared/paraglide/messages.js";
import { whatsAppShareUrl } from "#shared/share.ts";

/**
 * A "Share on WhatsApp" link with a prepared text and the page's link (shared/share.ts). A link, not
 * a button with a script: it works without JavaScript and opens the WhatsApp app on a phone.
 */
export function ShareOnWhatsApp({ text, url, className = "" }: { text: string; url: string; className?: string }) {
  return (
    <a
      href={whatsAppShareUrl(text, url)}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="share-whatsapp"
      className={`inline-flex min-h-11 items-center gap-2 rounded-full border border-emerald-700 px-4 py-2 text-sm font-semibold text-emerald-800 hover:bg-emerald-50 ${className}`}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="currentColor">
        <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.2-.4.3-.4.8-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.1-1.2l-.5-.3Z" />
      </svg>
      {m.public_share_whatsapp()}
    </a>
  );
}
