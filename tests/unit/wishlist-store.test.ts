import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

/** A fresh store (its state is per module) with the account's list answered only when `answerList` is called. */
async function storeWithSlowList(listOnServer: string[]) {
  let answerList: () => void = () => {};
  const listAnswered = new Promise<void>((resolve) => (answerList = resolve));
  vi.stubGlobal("localStorage", { getItem: () => null, setItem: () => {}, removeItem: () => {} });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === "/api/v1/favorites") {
        // The list as the server read it before the toggle below.
        const snapshot = [...listOnServer];
        await listAnswered;
        return Response.json({ favorites: snapshot });
      }
      const id = decodeURIComponent(url.split("/").pop()!);
      expect(init?.method).toBe("POST");
      const favorited = !listOnServer.includes(id);
      if (favorited) listOnServer.push(id);
      else listOnServer.splice(listOnServer.indexOf(id), 1);
      return Response.json({ success: true, favorited, message: favorited ? "Added" : "Removed" });
    }),
  );
  const store = await import("#app/lib/wishlist-store.ts");
  return { store, answerList };
}

describe("a couple's wishlist in the browser", () => {
  it("keeps a heart tapped while the list is loading, though the list's answer predates it", async () => {
    const { store, answerList } = await storeWithSlowList(["s-kept", "s-removed"]);
    const loading = store.loadWishlist("couple-1");
    await Promise.resolve();
    // Tapped as the page starts (a tap held until the scripts ran is sent at this moment).
    expect((await store.toggleWishlistItem("s-added", "couple-1")).favorited).toBe(true);
    expect((await store.toggleWishlistItem("s-removed", "couple-1")).favorited).toBe(false);
    answerList();
    await loading;
    expect([...(store.wishlistSnapshot() ?? [])].sort()).toEqual(["s-added", "s-kept"]);
  });

  it("shows the server's list when nothing was tapped during the load", async () => {
    const { store, answerList } = await storeWithSlowList(["s-1", "s-2"]);
    const loading = store.loadWishlist("couple-1");
    answerList();
    await loading;
    expect([...(store.wishlistSnapshot() ?? [])].sort()).toEqual(["s-1", "s-2"]);
    // A later toggle starts from the loaded list.
    await store.toggleWishlistItem("s-1", "couple-1");
    expect([...(store.wishlistSnapshot() ?? [])]).toEqual(["s-2"]);
  });
});
