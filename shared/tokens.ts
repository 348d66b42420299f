/**
 * Random tokens and their shapes, written once (the Worker and the browser both have Web Crypto).
 */

/** Lower-case hex of some bytes (a digest, a signature, random bytes). */
export const toHex = (bytes: ArrayBuffer | Uint8Array) =>
  [...(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");

/** `bytes` random bytes as lower-case hex (twice as many characters): R2 key parts, one-time form tokens. */
export const randomHex = (bytes: number) => toHex(crypto.getRandomValues(new Uint8Array(bytes)));

/**
 * A secret token a person carries in a link or cookie (session, e-mail verification, password
 * reset, remembered device): base32 (a-z, 2-7) of 20 random bytes, 32 characters, made by
 * functions/domain/core/sessions.ts. Anything else cannot be one and is refused without a query.
 */
export const SECRET_TOKEN_PATTERN = /^[a-z2-7]{32}$/;
export const isSecretToken = (token: string) => SECRET_TOKEN_PATTERN.test(token);
