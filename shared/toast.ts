/** The spec's toast options (section 9), used by the single ToastContainer. */
export const TOAST_OPTIONS = {
  position: "top-right",
  autoClose: 5000,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  draggable: "touch",
  draggablePercent: 80,
  theme: "light",
} as const;

/** A toast a server redirect carries; `link` (a path on this site) follows the message, e.g. "Log in". */
export type FlashToast = { type: "success" | "error" | "info" | "warning"; message: string; link?: { label: string; href: string } };
