import { m } from "#shared/paraglide/messages.js";

/** The editor's tool tabs, in the order the tab bar shows them. */
export type Tab = "details" | "text" | "shapes" | "images" | "layers" | "export";
/** Each tab's name is read when shown, in the page's language. */
export const TABS: { id: Tab; label: () => string }[] = [
  { id: "details", label: m.couple_editor_tab_details },
  { id: "text", label: m.couple_editor_tab_text },
  { id: "shapes", label: m.couple_editor_tab_shapes },
  { id: "images", label: m.couple_editor_tab_images },
  { id: "layers", label: m.couple_editor_tab_layers },
  { id: "export", label: m.couple_editor_tab_export },
];
export const tabLabel = (tab: Tab) => TABS.find((t) => t.id === tab)!.label();
