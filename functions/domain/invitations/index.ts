/**
 * Invitations: the template gallery, buying a paid design, the couple's cards and the editor's
 * assets, and published e-invites with their public requests.
 *
 * This file is the area's only face: code outside functions/domain/invitations/ imports from here, never
 * from the files beside it (ESLint enforces it; docs/decisions/0039-domain-areas.md).
 */
export * from "./e-invites.ts";
export * from "./editor-assets.ts";
export * from "./invite-templates.ts";
export * from "./template-access.ts";
export * from "./template-purchases.ts";
export * from "./user-cards.ts";
