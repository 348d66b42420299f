/**
 * A choice shown as a pill (a filter chip): a real checkbox or radio, hidden visually but kept for
 * the keyboard and screen readers, whose label is the pill; ticked, the pill is filled. Works as
 * plain HTML (a GET filter form) before the page's scripts run.
 */
const chip =
  "inline-flex min-h-10 cursor-pointer items-center whitespace-nowrap rounded-full border border-maroon-100 bg-white px-3 text-sm peer-checked:border-maroon-700 peer-checked:bg-maroon-700 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-maroon-700";

export function Chip({
  name,
  value,
  label,
  checked,
  type = "checkbox",
}: {
  name: string;
  value: string;
  label: string;
  checked: boolean;
  type?: "checkbox" | "radio";
}) {
  return (
    <label className="relative shrink-0">
      <input type={type} name={name} value={value} defaultChecked={checked} className="peer sr-only" />
      <span className={chip}>{label}</span>
    </label>
  );
}
