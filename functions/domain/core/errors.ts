import { m } from "#shared/paraglide/messages.js";

/**
 * Typed domain errors. Domain functions throw these; the API maps them to JSON statuses and the
 * pages map them to responses or redirects. Messages are written for the person who will read them.
 */
export abstract class DomainError extends Error {
  abstract readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503;
}

export type FieldErrors = Record<string, string>;

export class Invalid extends DomainError {
  readonly status = 400;
  readonly fields: FieldErrors;
  constructor(message: string, fields: FieldErrors = {}) {
    super(message);
    this.fields = fields;
  }
}

export class Unauthorized extends DomainError {
  readonly status = 401;
  constructor(message: string = m.api_log_in_to_continue()) {
    super(message);
  }
}

export class Forbidden extends DomainError {
  readonly status = 403;
  constructor(message: string = m.api_no_permission()) {
    super(message);
  }
}

/** Also used for records that belong to someone else, so their existence does not leak. */
export class NotFound extends DomainError {
  readonly status = 404;
  constructor(message: string = m.api_not_found()) {
    super(message);
  }
}

/** A clash with stored data; `fields` names the field when one is at fault (e.g. a taken urlTitle). */
export class Conflict extends DomainError {
  readonly status = 409;
  readonly fields: FieldErrors;
  constructor(message: string, fields: FieldErrors = {}) {
    super(message);
    this.fields = fields;
  }
}

/**
 * An edit made on a stale copy (issue 33): the row changed since the client read it, so nothing was
 * written. `current` is the row as it is now, for the API's answer (409 with `current`) and the page.
 */
export class StaleEdit extends Conflict {
  readonly current: unknown;
  constructor(message: string, current: unknown) {
    super(message);
    this.current = current;
  }
}

/** A request body larger than the route reads (refused before it is read past its cap). */
export class PayloadTooLarge extends DomainError {
  readonly status = 413;
}

/**
 * The client stopped sending its body halfway (a dropped upload, a closed tab): its own doing, not
 * a server error. Answered 400 (nobody is left to read it) and logged as a client abort, never as a
 * 500 (issue 28).
 */
export class ClientAborted extends DomainError {
  readonly status = 400;
  constructor(cause?: unknown) {
    super(m.api_interrupted(), { cause });
  }
}

/** A request body of a type the route does not read (e.g. text/plain where a form or JSON is expected). */
export class UnsupportedMediaType extends DomainError {
  readonly status = 415;
}

export class TooManyRequests extends DomainError {
  readonly status = 429;
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super(message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * What the request needs cannot be reached for a moment (a wedding's store, docs/decisions/0066): nothing
 * was written; the same request later works. Answered 503 with Retry-After, never a 500.
 */
export class Unavailable extends DomainError {
  readonly status = 503;
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds = 30) {
    super(message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export function isDomainError(e: unknown): e is DomainError {
  return e instanceof DomainError;
}
