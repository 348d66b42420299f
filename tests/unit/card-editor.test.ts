import { describe, expect, it } from "vitest";
import { canRedo, canUndo, createHistory, pushSnapshot, redo, undo } from "#app/components/card-editor/history.ts";
import { changedDetails, detailsFromCanvas, layerLabel, relativeMediaSources } from "#app/components/card-editor/placeholders.ts";
import { exportPixels } from "#app/components/card-editor/render.ts";
import { fillPlaceholders, type CardCanvas } from "#shared/card-format.ts";

describe("editor history", () => {
  it("undoes and redoes snapshots in order, and a new change drops the redo branch", () => {
    let h = createHistory("a");
    h = pushSnapshot(h, "b");
    h = pushSnapshot(h, "c");
    const u1 = undo(h)!;
    expect(u1.snapshot).toBe("b");
    const u2 = undo(u1.history)!;
    expect(u2.snapshot).toBe("a");
    expect(undo(u2.history)).toBeNull();
    const r1 = redo(u2.history)!;
    expect(r1.snapshot).toBe("b");
    const branched = pushSnapshot(r1.history, "d");
    expect(canRedo(branched)).toBe(false);
    expect(undo(branched)!.snapshot).toBe("b");
  });

  it("keeps at most `limit` snapshots, dropping the oldest", () => {
    let h = createHistory("0", 5);
    for (let i = 1; i <= 9; i++) h = pushSnapshot(h, String(i));
    expect(h.snapshots).toEqual(["5", "6", "7", "8", "9"]);
    let steps = 0;
    while (canUndo(h)) {
      h = undo(h)!.history;
      steps++;
    }
    expect(steps).toBe(4);
    expect(h.snapshots[h.index]).toBe("5");
  });

  it("does not record a snapshot equal to the current one", () => {
    const h = pushSnapshot(createHistory("a"), "a");
    expect(canUndo(h)).toBe(false);
  });
});

describe("placeholder sync", () => {
  const canvas: CardCanvas = {
    version: "7.4.0",
    width: 600,
    height: 840,
    objects: [
      { type: "Textbox", text: "Ananya", placeholder: "brideName" },
      { type: "Group", objects: [{ type: "Textbox", text: "Rohan", placeholder: "groomName" }] },
      { type: "Textbox", text: "weds" },
      { type: "Image", src: "http://localhost:8793/media/user_assets/a.webp" },
    ],
  };

  it("reads the details a canvas shows, inside groups too", () => {
    expect(detailsFromCanvas(canvas)).toEqual({ brideName: "Ananya", groomName: "Rohan" });
    expect(detailsFromCanvas(fillPlaceholders(canvas, { brideName: "Meera" }))).toEqual({ brideName: "Meera", groomName: "Rohan" });
  });

  it("sends only the fields that changed", () => {
    expect(changedDetails({ brideName: "Ananya", groomName: "Rohan" }, { brideName: "Meera", groomName: "Rohan", location: "Jaipur" })).toEqual({
      brideName: "Meera",
      location: "Jaipur",
    });
    expect(changedDetails({ brideName: "A" }, { brideName: "A" })).toEqual({});
  });

  it("names layers by layerName, then text, then kind", () => {
    expect(layerLabel({ layerName: "Border", type: "Rect" })).toBe("Border");
    expect(layerLabel({ text: "Together   with\ntheir families and friends forever", type: "Textbox" })).toBe("Together with their familie…");
    expect(layerLabel({ type: "Circle" })).toBe("Circle");
  });

  it("makes this site's media sources relative and leaves others alone", () => {
    const out = relativeMediaSources(canvas, "http://localhost:8793");
    expect(out.objects[3]!.src).toBe("/media/user_assets/a.webp");
    expect(relativeMediaSources(canvas, "https://mandap.example").objects[3]!.src).toBe("http://localhost:8793/media/user_assets/a.webp");
  });
});

describe("export sizes", () => {
  it("renders A5 and A6 at 300 dpi and the story at 1080 x 1920", () => {
    expect(exportPixels("A5")).toEqual({ width: 1748, height: 2480 });
    expect(exportPixels("A6")).toEqual({ width: 1240, height: 1748 });
    expect(exportPixels("STORY")).toEqual({ width: 1080, height: 1920 });
  });
});
