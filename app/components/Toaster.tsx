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

export function Toaster({ flash }: { flash: FlashToast | null }) {
  const [ready, setReady] = useState(false);

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
        requestAnimationFrame(() => toast(content, { type: t.type, ...(t.link ? { autoClose: false as const } : {}) }));
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

  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer {...TOAST_OPTIONS} />
    </Suspense>
  );
}
