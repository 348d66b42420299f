import { readCookie } from "./cookies.ts";
import { DEVICE_TTL_MS } from "#domain/accounts/index.ts";
import { isSecretToken } from "#shared/tokens.ts";

/**
 * The remembered-device cookie: HttpOnly, SameSite=Lax, a year long, `__Host-` prefixed and Secure
 * over HTTPS. It outlives log-out on purpose (it says "this browser logged in here before", not
 * "is signed in"). Its value is up to three tokens joined by dots.
 */
export function deviceCookieName(request: Request): string {
  return new URL(request.url).protocol === "https:" ? "__Host-mandap_device" : "mandap_device";
}

export function readDeviceTokens(request: Request): string[] {
  const raw = readCookie(request, deviceCookieName(request));
  return raw
    ? raw
        .split(".")
        .filter((t) => isSecretToken(t))
        .slice(0, 3)
    : [];
}

export function deviceCookie(request: Request, value: string): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `${deviceCookieName(request)}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${Math.floor(DEVICE_TTL_MS / 1000)}${secure}`;
}
