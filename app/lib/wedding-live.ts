import { useEffect, useRef } from "react";
import { useFetchers, useNavigation, useRevalidator, useRouteLoaderData } from "react-router";
import { showToast } from "#app/components/Toaster.tsx";
import { m } from "#shared/paraglide/messages.js";

/**
 * Live planning in the browser (issue 33, docs/decisions/0052-plan-together-live.md): the guest
 * list, budget and checklist pages open one WebSocket to their wedding's live object
 * (GET /api/v1/weddings/live) and, when another member changes the page's area, reload the page's
 * data (useRevalidator) and say who changed it. Without JavaScript nothing here runs and the pages
 * work as before. The socket reconnects after a drop (1 s, doubling to 30 s), never after the
 * member was removed (4403), and pings every 30 s (answered without waking the object).
 */
export type LiveArea = "guests" | "budget" | "plan";

type LayoutData = { weddings?: { weddingId: string; current: boolean }[] };
type Notice = { type?: string; area?: string; by?: string; mine?: boolean };

const SAID: Record<LiveArea, (p: { name: string }) => string> = {
  guests: m.couple_live_guests,
  budget: m.couple_live_budget,
  plan: m.couple_live_plan,
};

export function useWeddingLive(area: LiveArea): void {
  // The current wedding, from the planning layout's data (app/routes/profile/layout.tsx).
  const weddingId = (useRouteLoaderData("routes/profile/layout") as LayoutData | undefined)?.weddings?.find((w) => w.current)?.weddingId;
  const { revalidate } = useRevalidator();
  const reload = useRef(revalidate);
  // This tab's own write under way: its fetcher or form reloads the page's data when it is done.
  const fetchers = useFetchers();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" || fetchers.some((f) => f.state !== "idle");
  const ownWriteUnderWay = useRef(busy);
  useEffect(() => {
    reload.current = revalidate;
    ownWriteUnderWay.current = busy;
  }, [revalidate, busy]);

  useEffect(() => {
    if (!weddingId || typeof WebSocket === "undefined") return;
    let ws: WebSocket | null = null;
    let stopped = false;
    let wait = 1000;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      const url = new URL(`/api/v1/weddings/live?wedding=${encodeURIComponent(weddingId)}`, window.location.href);
      url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
      ws = new WebSocket(url);
      ws.onopen = () => {
        wait = 1000;
      };
      ws.onmessage = (e) => {
        let notice: Notice;
        try {
          notice = JSON.parse(String(e.data)) as Notice;
        } catch {
          return; // "pong"
        }
        if (notice.type !== "changed" || notice.area !== area) return;
        // The member's own change heard while this tab's write is still reloading: a second reload
        // then would show the new data while the pending write is still drawn over it (an added
        // checklist item twice, for a moment). Another tab of theirs, idle, reloads as before.
        if (notice.mine && ownWriteUnderWay.current) return;
        void reload.current();
        if (!notice.mine && notice.by) showToast("info", SAID[area]({ name: notice.by }));
      };
      ws.onclose = (e) => {
        if (stopped || e.code === 4403) return;
        timer = setTimeout(open, wait);
        wait = Math.min(wait * 2, 30_000);
      };
    };
    open();
    const ping = setInterval(() => {
      if (ws?.readyState === WebSocket.OPEN) ws.send("ping");
    }, 30_000);
    return () => {
      stopped = true;
      clearTimeout(timer);
      clearInterval(ping);
      ws?.close(1000);
    };
  }, [weddingId, area]);
}
