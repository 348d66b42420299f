/** The editor's tool tabs, in the order the tab bar shows them. */
export type Tab = "details" | "text" | "shapes" | "images" | "layers" | "export";
export const TABS: { id: Tab; label: string }[] = [
  { id: "details", label: "Details" },
  { id: "text", label: "Text" },
  { id: "shapes", label: "Shapes" },
  { id: "images", label: "Images" },
  { id: "layers", label: "Layers" },
  { id: "export", label: "Export" },
];
export const tabLabel = (tab: Tab) => TABS.find((t) => t.id === tab)!.label;
