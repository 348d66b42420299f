/** Placeholder until this area is built (issue 13, the cards helper replaces this file). */
export { default, meta } from "../placeholder.tsx";
