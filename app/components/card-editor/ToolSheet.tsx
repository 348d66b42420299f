import type { ReactNode } from "react";
import { TABS, tabLabel, type Tab } from "./tool-tabs.ts";
import { m } from "#shared/paraglide/messages.js";

/** The open tool's panel: beside the canvas on wide screens, a bottom sheet over it on phones (with Close). */
export function ToolSheet({ tab, open, onClose, children }: { tab: Tab; open: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <aside
      className={`${open ? "fixed inset-x-0 bottom-14 z-30 max-h-[55vh] overflow-y-auto rounded-t-2xl border-t border-stone-200 shadow-2xl" : "hidden"} bg-white p-4 md:static md:z-auto md:block md:max-h-none md:w-80 md:rounded-none md:border-l md:border-t-0 md:shadow-none`}
      aria-label={m.couple_editor_panel({ tab: tabLabel(tab) })}
    >
      <div className="mb-2 flex items-center justify-between md:hidden">
        <h2 className="font-medium text-stone-800">{tabLabel(tab)}</h2>
        <button type="button" onClick={onClose} className="rounded px-2 py-1 text-sm text-stone-600" aria-label={m.couple_editor_close_panel()}>
          {m.couple_editor_close()}
        </button>
      </div>
      {children}
    </aside>
  );
}

/** The tool tabs: a bar at the bottom of a phone's screen (a tab opens its sheet; the open tab closes it), under the top bar on wide screens. */
export function ToolTabs({ tab, open, onTab, onClose }: { tab: Tab; open: boolean; onTab: (tab: Tab) => void; onClose: () => void }) {
  return (
    <nav
      aria-label={m.couple_editor_tools()}
      className="fixed inset-x-0 bottom-0 z-40 flex h-14 border-t border-stone-200 bg-white md:static md:order-2 md:h-auto md:border-b md:border-t-0 md:px-3"
    >
      {TABS.map((t) => (
        <button
          key={t.id}
          type="button"
          aria-pressed={tab === t.id}
          onClick={() => {
            if (tab === t.id && open) onClose();
            else onTab(t.id);
          }}
          className={`flex-1 px-1 py-2 text-xs font-medium md:flex-none md:px-3 md:text-sm ${tab === t.id ? "text-maroon-800 md:border-b-2 md:border-maroon-700" : "text-stone-600"}`}
        >
          {t.label()}
        </button>
      ))}
    </nav>
  );
}
