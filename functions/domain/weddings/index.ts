/**
 * Weddings (issue 33, docs/decisions/0049-weddings.md): the wedding as the unit of planning, who
 * plans it with which role, and the one way every planning function finds its wedding and the
 * actor's rights in it (wedding-access.ts).
 *
 * This file is the area's only face: code outside functions/domain/weddings/ imports from here, never
 * from the files beside it (ESLint enforces it; docs/decisions/0039-domain-areas.md).
 */
export {
  currentWedding,
  mayEdit,
  openWedding,
  parseAreas,
  readOnlyMessage,
  type WeddingAccess,
  type WeddingArea,
  type WeddingRole,
  WEDDING_MESSAGES,
} from "./wedding-access.ts";
