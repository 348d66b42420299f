import { describe, expect, it } from "vitest";
import { EARLY_TAPS_SCRIPT, EARLY_TAPS_SCRIPT_SHA256 } from "#shared/early-taps.ts";
import { pageCsp } from "#platform/security.ts";

describe("the early-taps script", () => {
  it("is allowed by the page CSP through its exact hash", async () => {
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(EARLY_TAPS_SCRIPT));
    const hash = btoa(String.fromCharCode(...new Uint8Array(digest)));
    expect(hash).toBe(EARLY_TAPS_SCRIPT_SHA256);
    expect(pageCsp("n0nce")).toContain(`'sha256-${hash}'`);
  });
});
