/**
 * The site's UI primitives (docs/decisions/0038): write forms and dashboard pages with these, not by hand.
 * Conform's form state (`usePageForm`) is imported from ./forms.ts, so pages without it do not load it.
 */
export { Field, type FieldProps } from "./Field.tsx";
export { TextArea, type TextAreaProps } from "./TextArea.tsx";
export { Select, type SelectOption, type SelectProps } from "./Select.tsx";
export { Checkbox, CellCheckbox, type CheckboxProps, type CellCheckboxProps } from "./Checkbox.tsx";
export { Chip } from "./Chip.tsx";
export { FormAlert } from "./FormAlert.tsx";
export { Panel } from "./Panel.tsx";
export { Pager, type PagerProps } from "./Pager.tsx";
export { Dialog } from "./Dialog.tsx";
export { Tabs, type Tab } from "./Tabs.tsx";
export type { FieldMeta } from "./field-wiring.tsx";
