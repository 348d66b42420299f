/** Placeholder until this area is built (issue 12); the helper building it replaces this file. */
export { default, meta } from "../placeholder.tsx";
