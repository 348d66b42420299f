import { describe, expect, it } from "vitest";
import { FIRST_VISIT_SCRIPT, FIRST_VISIT_SCRIPT_SHA256 } from "#shared/first-visit.ts";
import { pageCsp } from "#platform/security.ts";

describe("the first-visit script", () => {
  it("is allowed by the page CSP through its exact hash", async () => {
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(FIRST_VISIT_SCRIPT));
    const hash = btoa(String.fromCharCode(...new Uint8Array(digest)));
    expect(hash).toBe(FIRST_VISIT_SCRIPT_SHA256);
    expect(pageCsp("n0nce")).toContain(`'sha256-${hash}'`);
  });
});
