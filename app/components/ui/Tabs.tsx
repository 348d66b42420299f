import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";

export type Tab = { id: string; label: ReactNode; panel: ReactNode };

/**
 * Tabs as the ARIA pattern has them: one tab in the Tab order (roving tabindex), Left/Right (and
 * Home/End) move between tabs and show their panel, aria-selected on the chosen tab, each panel
 * labelled by its tab. Before the scripts run the first (or chosen) panel is shown.
 */
export function Tabs({ tabs, label, defaultTab, className }: { tabs: readonly Tab[]; label: string; defaultTab?: string; className?: string }) {
  const base = useId();
  const [selected, setSelected] = useState(defaultTab ?? tabs[0]?.id);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const tabId = (id: string) => `${base}-tab-${id}`;
  const panelId = (id: string) => `${base}-panel-${id}`;

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const move: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
    const to = move[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const tab = tabs[(to + tabs.length) % tabs.length];
    if (!tab) return;
    setSelected(tab.id);
    buttons.current.get(tab.id)?.focus();
  }

  return (
    <div className={className}>
      <div role="tablist" aria-label={label} className="flex flex-wrap gap-1 border-b border-maroon-100">
        {tabs.map((t, i) => {
          const on = t.id === selected;
          return (
            <button
              key={t.id}
              ref={(el) => {
                if (el) buttons.current.set(t.id, el);
                else buttons.current.delete(t.id);
              }}
              type="button"
              role="tab"
              id={tabId(t.id)}
              aria-selected={on}
              aria-controls={panelId(t.id)}
              tabIndex={on ? 0 : -1}
              onClick={() => setSelected(t.id)}
              onKeyDown={(e) => onKeyDown(e, i)}
              className={`-mb-px rounded-t-lg border-b-2 px-4 py-2 text-sm font-semibold ${on ? "border-maroon-700 text-maroon-700" : "border-transparent text-ink/70 hover:text-maroon-700"}`}
            >
              {t.label}
            </button>
          );
        })}
      </div>
      {tabs.map((t) => (
        <div key={t.id} role="tabpanel" id={panelId(t.id)} aria-labelledby={tabId(t.id)} tabIndex={0} hidden={t.id !== selected} className="pt-4">
          {t.panel}
        </div>
      ))}
    </div>
  );
}
