import { button } from "./panel-styles.ts";

/** Small buttons of the tool panels: a pressed/unpressed toggle and an icon button with its name. */
export function Toggle({ pressed, onClick, children }: { pressed: boolean; onClick: (on: boolean) => void; children: React.ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={() => onClick(!pressed)}
      className={`${button} ${pressed ? "border-maroon-700 bg-maroon-50 text-maroon-900" : ""}`}
    >
      {children}
    </button>
  );
}

export function IconButton({ label: name, onClick, pressed, children }: { label: string; onClick: () => void; pressed?: boolean; children: React.ReactNode }) {
  return (
    <button
      type="button"
      aria-label={name}
      title={name}
      aria-pressed={pressed}
      onClick={onClick}
      className="h-8 min-w-8 shrink-0 rounded px-1 text-xs text-stone-700 hover:bg-stone-100 aria-pressed:bg-amber-100"
    >
      {children}
    </button>
  );
}
