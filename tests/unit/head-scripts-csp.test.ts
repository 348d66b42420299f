import { describe, expect, it } from "vitest";
import { EARLY_TAPS_SCRIPT, EARLY_TAPS_SCRIPT_SHA256 } from "#shared/early-taps.ts";
import { FIRST_VISIT_SCRIPT, FIRST_VISIT_SCRIPT_SHA256 } from "#shared/first-visit.ts";
import { pageCsp } from "#platform/security.ts";

/** The inline scripts in <head> need nothing per request: the CSP allows each by its exact hash. */
describe.each([
  { name: "the first-visit script", script: FIRST_VISIT_SCRIPT, declared: FIRST_VISIT_SCRIPT_SHA256 },
  { name: "the early-taps script", script: EARLY_TAPS_SCRIPT, declared: EARLY_TAPS_SCRIPT_SHA256 },
])("$name", ({ script, declared }) => {
  it("is allowed by the page CSP through its exact hash", async () => {
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(script));
    const hash = btoa(String.fromCharCode(...new Uint8Array(digest)));
    expect(hash).toBe(declared);
    expect(pageCsp("n0nce")).toContain(`'sha256-${hash}'`);
  });
});
