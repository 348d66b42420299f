/**
 * Weddings (issue 33, docs/decisions/0049-weddings.md): the wedding as the unit of planning, who
 * plans it with which role, and the one way every planning function finds its wedding and the
 * actor's rights in it (wedding-access.ts); its members, managing them and switching between
 * weddings (members.ts); invitations to plan (invitations-to-plan.ts).
 *
 * This file is the area's only face: code outside functions/domain/weddings/ imports from here, never
 * from the files beside it (ESLint enforces it; docs/decisions/0039-domain-areas.md).
 */
export {
  currentWedding,
  guardedWhileInD1,
  inWedding,
  mayEdit,
  openWedding,
  parseAreas,
  readOnlyMessage,
  rightsOf,
  type WeddingAccess,
  type WeddingArea,
  type WeddingRights,
  type WeddingRole,
  WEDDING_MESSAGES,
  weddingDatabase,
} from "./wedding-access.ts";
export {
  changeMember,
  currentWeddingView,
  leaveWedding,
  myWeddings,
  removeMember,
  switchWedding,
  weddingMembers,
  type CurrentWedding,
  type WeddingMember,
  type WeddingSummary,
} from "./members.ts";
export {
  acceptInvitation,
  declineInvitation,
  invitePlanner,
  pendingInvitations,
  PLAN_INVITE_PATH,
  revokeInvitation,
  viewInvitation,
  type InvitationView,
  type PendingInvitation,
} from "./invitations-to-plan.ts";
export {
  ACTIVITY_ACTIONS,
  ACTIVITY_KEPT_MS,
  activityEntry,
  type ActivityAction,
  type ActivityItem,
  type ActivityPage,
  purgeOldActivity,
  activityList,
} from "./activity.ts";
export { guardedEdit, nextVersion } from "./stale-edits.ts";
export {
  MOVE_LEASE_MS,
  moveWeddingsToStores,
  moveWeddingToStore,
  STORE_CALLS_PER_PART,
  StoreCallsSpent,
  WeddingMoveBusy,
  type WeddingMove,
  type WeddingMovesRun,
} from "./wedding-move.ts";
export { COPY_DROP_RETRY_MS, dropMovedCopies, MOVED_COPY_KEPT_MS, type MovedCopiesRun } from "./moved-copies.ts";
export {
  finishStoreWrites,
  functionRemoved,
  functionsCopied,
  storeHalf,
  storeUnavailable,
  writeBothSides,
  type StoreHalf,
  type StoreStatement,
} from "./store-writes.ts";
export { openLiveChannel, tellRemoved, tellWedding } from "./live.ts";
