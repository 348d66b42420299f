import { lazy, Suspense, useEffect, useState } from "react";
import { TOAST_OPTIONS, type FlashToast } from "#shared/toast.ts";

/**
 * Toasts with the spec's options. react-toastify loads on the first toast, so pages that never
 * show one never download it. `showToast` can be called from anywhere on the client.
 */
const ToastContainer = lazy(() => import("react-toastify").then((m) => ({ default: m.ToastContainer })));

type Listener = (t: FlashToast) => void;
let listener: Listener | null = null;
const pending: FlashToast[] = [];

export function showToast(type: FlashToast["type"], message: string, link?: FlashToast["link"]) {
  const toast: FlashToast = link ? { type, message, link } : { type, message };
  if (listener) listener(toast);
  else pending.push(toast);
}

/**
 * The server's flash message as the page arrives, before any script runs: a guard's "Please log in
 * to …" must be read on a slow phone too, where the scripts come seconds after the first paint
 * (docs/decisions/0037). Once react-toastify shows the same message, this steps aside.
 */
function EarlyToast({ flash }: { flash: FlashToast }) {
  return (
    <div
      role="status"
      data-early-toast=""
      className="fixed inset-x-0 top-0 z-[9999] flex items-start gap-3 bg-white p-4 text-sm text-ink shadow-lg sm:inset-x-auto sm:right-4 sm:top-4 sm:w-80 sm:rounded-lg"
    >
      <span>
        {flash.message}
        {flash.link && (
          <>
            {" "}
            <a href={flash.link.href} className="font-semibold underline">
              {flash.link.label}
            </a>
          </>
        )}
      </span>
    </div>
  );
}

export function Toaster({ flash }: { flash: FlashToast | null }) {
  const [ready, setReady] = useState(false);
  /** The first toast is on screen: the early copy of the flash message is no longer needed. */
  const [handedOver, setHandedOver] = useState(false);

  useEffect(() => {
    listener = (t) => {
      setReady(true);
      void import("react-toastify").then(({ toast }) => {
        // Give the container a frame to mount before the first toast.
        const content = t.link ? (
          <span>
            {t.message}{" "}
            <a href={t.link.href} className="font-semibold underline">
              {t.link.label}
            </a>
          </span>
        ) : (
          t.message
        );
        // A toast with a link stays until it is closed: the visitor may need a moment to reach it.
        requestAnimationFrame(() => {
          toast(content, { type: t.type, ...(t.link ? { autoClose: false as const } : {}) });
          setHandedOver(true);
        });
      });
    };
    pending.splice(0).forEach((t) => listener?.(t));
    return () => {
      listener = null;
    };
  }, []);

  useEffect(() => {
    if (flash) showToast(flash.type, flash.message, flash.link);
  }, [flash]);

  const early = flash && !handedOver ? <EarlyToast flash={flash} /> : null;
  if (!ready) return early;
  return (
    <>
      {early}
      <Suspense fallback={null}>
        <ToastContainer {...TOAST_OPTIONS} />
      </Suspense>
    </>
  );
}
