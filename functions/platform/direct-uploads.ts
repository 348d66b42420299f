import { AwsClient } from "aws4fetch";
import { hmacKey } from "./hmac.ts";

/**
 * Direct-to-storage uploads (the spec's "generateSignature, then one upload per file"): the
 * server signs one upload of one object under a key it makes; the browser PUTs the file's bytes
 * to `uploadUrl` and then asks the API to register the object (functions/domain/catalogue/direct-photo-uploads.ts).
 *
 * - With R2 API credentials (R2_ACCESS_KEY_ID, R2_SECRET_ACCESS_KEY, R2_ACCOUNT_ID, R2_BUCKET):
 *   `uploadUrl` is a presigned R2 (S3 API) PUT URL, signed with SigV4 by aws4fetch.
 * - Otherwise (the local default): `uploadUrl` points at the Worker itself,
 *   /api/v1/direct-upload/{token}, the token an HMAC-SHA256 over (owner, folder, key, expiry) that
 *   the Worker checks before it stores the bytes. The key is UPLOAD_SIGNING_SECRET, or outside
 *   production a random key per isolate (a ticket then lives as long as the local server).
 * The client code is the same for both: PUT the bytes to uploadUrl, then register the key.
 */
export const TICKET_SECONDS = 10 * 60;

export type UploadTicket = {
  mode: "r2-presigned" | "worker";
  method: "PUT";
  uploadUrl: string;
  /** The object the upload writes (server-made, under u/incoming/{owner}/{folder}/). */
  key: string;
  folder: string;
  signature: string;
  /** Seconds since the epoch when signed (the spec's `timestamp`). */
  timestamp: number;
  expiresAt: number;
};

export type TicketClaims = { ownerId: string; folder: string; key: string; expiresAt: number };

export interface DirectUploads {
  readonly mode: UploadTicket["mode"];
  sign(claims: TicketClaims, origin: string, now: number): Promise<UploadTicket>;
  /** The claims of a Worker upload token, or null when it is forged, altered or expired. */
  verify(token: string, now: number): Promise<TicketClaims | null>;
}

type UploadEnv = {
  APP_ENV?: string;
  UPLOAD_SIGNING_SECRET?: string;
  R2_ACCESS_KEY_ID?: string;
  R2_SECRET_ACCESS_KEY?: string;
  R2_ACCOUNT_ID?: string;
  R2_BUCKET?: string;
};

const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
const fromB64url = (text: string) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));

let isolateSecret: string | null = null;

function secretOf(env: UploadEnv): string {
  if (env.UPLOAD_SIGNING_SECRET) return env.UPLOAD_SIGNING_SECRET;
  if (env.APP_ENV === "production") throw new Error("UPLOAD_SIGNING_SECRET is not set");
  isolateSecret ??= b64url(crypto.getRandomValues(new Uint8Array(32)));
  return isolateSecret;
}

/** Worker-hosted uploads: HMAC-signed tokens checked by PUT /api/v1/direct-upload/{token}. */
export function workerUploads(secret: string): DirectUploads {
  const keyPromise = hmacKey(secret);
  return {
    mode: "worker",
    async sign(claims, origin, now) {
      const payload = new TextEncoder().encode(JSON.stringify([claims.ownerId, claims.folder, claims.key, claims.expiresAt]));
      const signature = b64url(new Uint8Array(await crypto.subtle.sign("HMAC", await keyPromise, payload)));
      const token = `${b64url(payload)}.${signature}`;
      return {
        mode: "worker",
        method: "PUT",
        uploadUrl: `${origin}/api/v1/direct-upload/${token}`,
        key: claims.key,
        folder: claims.folder,
        signature,
        timestamp: Math.floor(now / 1000),
        expiresAt: claims.expiresAt,
      };
    },
    async verify(token, now) {
      const [payloadText, signature, extra] = token.split(".");
      if (!payloadText || !signature || extra !== undefined || token.length > 2048) return null;
      try {
        const payload = fromB64url(payloadText);
        if (!(await crypto.subtle.verify("HMAC", await keyPromise, fromB64url(signature), payload))) return null;
        const [ownerId, folder, key, expiresAt] = JSON.parse(new TextDecoder().decode(payload)) as [string, string, string, number];
        if (typeof expiresAt !== "number" || expiresAt <= now) return null;
        return { ownerId, folder, key, expiresAt };
      } catch {
        return null;
      }
    },
  };
}

/** Presigned R2 PUT URLs (S3 API, SigV4). Uploads never pass through the Worker. */
export function r2PresignedUploads(env: Required<Pick<UploadEnv, "R2_ACCESS_KEY_ID" | "R2_SECRET_ACCESS_KEY" | "R2_ACCOUNT_ID" | "R2_BUCKET">>): DirectUploads {
  const client = new AwsClient({ accessKeyId: env.R2_ACCESS_KEY_ID, secretAccessKey: env.R2_SECRET_ACCESS_KEY, service: "s3", region: "auto" });
  return {
    mode: "r2-presigned",
    async sign(claims, _origin, now) {
      const url = new URL(`https://${env.R2_ACCOUNT_ID}.r2.cloudflarestorage.com/${env.R2_BUCKET}/${claims.key.split("/").map(encodeURIComponent).join("/")}`);
      url.searchParams.set("X-Amz-Expires", String(Math.max(1, Math.round((claims.expiresAt - now) / 1000))));
      const signed = await client.sign(new Request(url, { method: "PUT" }), {
        aws: { signQuery: true, datetime: new Date(now).toISOString().replace(/[:-]|\.\d{3}/g, "") },
      });
      return {
        mode: "r2-presigned",
        method: "PUT",
        uploadUrl: signed.url,
        key: claims.key,
        folder: claims.folder,
        signature: new URL(signed.url).searchParams.get("X-Amz-Signature") ?? "",
        timestamp: Math.floor(now / 1000),
        expiresAt: claims.expiresAt,
      };
    },
    async verify() {
      return null; // R2 checks its own signatures; the Worker's upload route takes none of these
    },
  };
}

/** Presigned R2 URLs when all four R2 API settings are present, else uploads through the Worker. */
export function directUploadsFor(env: UploadEnv): DirectUploads {
  const { R2_ACCESS_KEY_ID, R2_SECRET_ACCESS_KEY, R2_ACCOUNT_ID, R2_BUCKET } = env;
  if (R2_ACCESS_KEY_ID && R2_SECRET_ACCESS_KEY && R2_ACCOUNT_ID && R2_BUCKET)
    return r2PresignedUploads({ R2_ACCESS_KEY_ID, R2_SECRET_ACCESS_KEY, R2_ACCOUNT_ID, R2_BUCKET });
  // Lazily: a production Worker without the secret fails when a ticket is asked for, not at start.
  let inner: DirectUploads | null = null;
  const get = () => (inner ??= workerUploads(secretOf(env)));
  return { mode: "worker", sign: (c, o, n) => get().sign(c, o, n), verify: (t, n) => get().verify(t, n) };
}
