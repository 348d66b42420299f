/**
 * What every area stands on: the request's domain context and who is asking (sessions), what they
 * may do (permissions), typed errors and zod messages, ids, rate limits, write-once keys, text
 * matching, removing stored objects, and the admin audit log every area writes to.
 *
 * This file is the area's only face: code outside functions/domain/core/ imports from here, never
 * from the files beside it (ESLint enforces it; docs/decisions/0039-domain-areas.md).
 */
export { type AuditSubject, auditEntry } from "./audit-log.ts";
export {
  type DomainContext,
  type WeddingLivePort,
  type WeddingStoresPort,
  type RsvpFigures,
  type WeddingStoreTable,
  type RequestInfo,
  type Actor,
  type ValidSession,
  type DomainConfig,
  type BillingConfig,
  type ReplyConfig,
} from "./context.ts";
export {
  type DomainError,
  Invalid,
  Unauthorized,
  Forbidden,
  NotFound,
  Conflict,
  StaleEdit,
  ClientAborted,
  UnsupportedMediaType,
  TooManyRequests,
  Unavailable,
  isDomainError,
} from "./errors.ts";
export {
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_MESSAGES,
  IdempotencyMismatch,
  IdempotencyInFlight,
  type StoredAnswer,
  runOnce,
  purgeExpiredIdempotencyKeys,
} from "./idempotency.ts";
export { newId } from "./ids.ts";
export {
  INVOCATION_QUERY_BUDGET,
  type QueryBudget,
  QueryBudgetSpent,
  type QueryTally,
  isQueryBudgetSpent,
  meteredDatabase,
  STORE_CALLS_PER_PART,
  StoreCallsSpent,
  withinStoreCalls,
  jobCursorDone,
  jobCursorRead,
  jobCursorSaved,
} from "./query-budget.ts";
export { removeServiceObjects, removeAccountObjects, removeUploadedObject, removeStoredObjects, reviewPhotoKeys } from "./media-objects.ts";
export {
  type Access,
  ACCESS,
  allows,
  can,
  type Home,
  homeOf,
  type Viewer,
  viewerOf,
  requireSignedIn,
  requireRole,
  requireAccess,
  describeAccess,
} from "./permissions.ts";
export {
  type DelayRule,
  type AllowanceRule,
  LOGIN_ACCOUNT_DELAY,
  LOGIN_ADDRESS_DELAY,
  SIGNUP_PER_ADDRESS,
  RESET_PER_ADDRESS,
  LOGIN_NOTICE,
  delayAfter,
  assertNoDelay,
  recordFailure,
  clearLimit,
  takeAllowance,
  takeOrThrow,
  maySendMail,
  onCloudflareEdge,
  clientAddress,
  addressKey,
} from "./rate-limits.ts";
export { newToken, sha256Hex, createSession, startSession, endSession, invalidateUserSessions } from "./sessions.ts";
export { textMatch } from "./text-match.ts";
export { fieldErrors, pageQuery, parseInput, formToObject } from "./validation.ts";
export { purgeOldRecords, RETENTION_DAYS, PURGE_BATCH, type PurgeRun } from "./retention.ts";
