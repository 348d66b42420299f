import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CARD_LIMITS, fillPlaceholders, parseCardCanvas, type CardCanvas, type CardObject } from "#shared/card-format.ts";
import { CARD_FONT_FAMILIES } from "#shared/card-fonts.ts";

/** The card format's checks (shared/card-format.ts, docs/decisions/0026): what is refused, and that it never throws. */
const text = (over: Partial<CardObject> = {}): CardObject => ({
  type: "Textbox",
  left: 10,
  top: 20,
  width: 300,
  text: "Ananya",
  fontFamily: "Great Vibes",
  fontSize: 48,
  fill: "#b4531b",
  ...over,
});
const image = (src: string, over: Partial<CardObject> = {}): CardObject => ({ type: "Image", left: 0, top: 0, width: 400, height: 300, src, ...over });
const card = (objects: unknown[], over: Record<string, unknown> = {}) => ({
  version: "7.4.0",
  width: 600,
  height: 840,
  background: "#fff8ec",
  objects,
  ...over,
});

function refused(input: unknown, pattern: RegExp, options?: { origin?: string }) {
  const check = parseCardCanvas(input, options);
  expect(check.ok, JSON.stringify(check).slice(0, 300)).toBe(false);
  if (!check.ok) expect(check.reason).toMatch(pattern);
}

describe("parseCardCanvas accepts a fabric canvas", () => {
  it("keeps a good card as it is, as an object or as JSON text", () => {
    const good = card([
      text({ placeholder: "brideName" }),
      image("/media/u/assets/a/b.webp"),
      { type: "Rect", left: 1, top: 2, width: 3, height: 4, fill: "rgba(0,0,0,0.5)" },
    ]);
    const a = parseCardCanvas(good);
    const b = parseCardCanvas(JSON.stringify(good));
    expect(a.ok && b.ok).toBe(true);
    if (a.ok && b.ok) {
      expect(a.json).toBe(b.json);
      expect(a.canvas).toEqual(good);
    }
  });

  it("reads fabric 5's lower-case types as fabric 7's and gives text a card font when it names none", () => {
    const check = parseCardCanvas(
      card([
        { type: "i-text", text: "Hi" },
        { type: "textbox", text: "x", fontFamily: "'Poppins'" },
        { type: "GROUP", objects: [] },
      ]),
    );
    expect(check.ok).toBe(true);
    if (check.ok) {
      expect(check.canvas.objects.map((o) => o.type)).toEqual(["IText", "Textbox", "Group"]);
      expect(check.canvas.objects[0]!.fontFamily).toBe("Playfair Display");
      expect(check.canvas.objects[1]!.fontFamily).toBe("Poppins");
    }
  });

  it("stores an absolute link to our own /media/ as its path, and only ours", () => {
    const check = parseCardCanvas(card([image("https://mandap.example/media/u/a.webp")]), { origin: "https://mandap.example" });
    expect(check.ok && check.canvas.objects[0]!.src).toBe("/media/u/a.webp");
    refused(card([image("https://evil.example/media/u/a.webp")]), /uploaded to Mandap/, { origin: "https://mandap.example" });
    refused(card([image("https://mandap.example/media/u/a.webp")]), /uploaded to Mandap/);
  });

  it("keeps text as text, whatever it says", () => {
    const check = parseCardCanvas(card([text({ text: "<script>alert(1)</script> & javascript:void(0)" })]));
    expect(check.ok && check.canvas.objects[0]!.text).toBe("<script>alert(1)</script> & javascript:void(0)");
  });
});

describe("parseCardCanvas refuses, naming the problem", () => {
  it("what is not a card", () => {
    refused("{not json", /not valid JSON/);
    refused("[]", /JSON object/);
    refused(null, /JSON object/);
    refused({ width: 600, height: 800 }, /no objects list/);
    refused(card([], { width: 50 }), /width is 50 px; it must be between 200 and 2400/);
    refused(card([], { height: 99999 }), /height/);
    refused(card([], { width: Number.NaN }), /width/);
  });

  it("too large, too many objects (counting groups), too many images, too long a text, too deep", () => {
    refused(JSON.stringify(card([text({ text: "x".repeat(1000) })])).padEnd(CARD_LIMITS.maxBytes + 10, " "), /KB; the most is 400 KB/);
    const many = Array.from({ length: 160 }, () => ({ type: "Group", objects: [{ type: "Rect" }] }));
    refused(card(many), /more than 300 objects \(counting those inside groups\)/);
    refused(card(Array.from({ length: 21 }, (_, i) => image(`/media/u/${i}.webp`))), /more than 20 images/);
    refused(card([text({ text: "x".repeat(2001) })]), /longer than 2000 characters/);
    let deep: unknown = { type: "Rect" };
    for (let i = 0; i < 6; i++) deep = { type: "Group", objects: [deep] };
    refused(card([deep]), /nested more than 5 deep/);
  });

  it("unknown types, fonts, and image sources that are not our storage", () => {
    refused(card([{ type: "Video" }]), /"Video" is not one a card may hold/);
    refused(card([{ left: 1 }]), /\(none\)/);
    refused(card([text({ fontFamily: "Comic Sans MS" })]), /"Comic Sans MS" is not one of the card fonts/);
    refused(card([text({ styles: [{ start: 0, end: 1, style: { fontFamily: "Arial" } }] })]), /"Arial"/);
    for (const src of [
      "data:image/png;base64,AAAA",
      "javascript:alert(1)",
      "https://evil.example/a.png",
      "//evil.example/a.png",
      "/media/../secret",
      "/api/v1/users/me",
      "",
    ])
      refused(card([image(src)]), /image/i);
    refused(card([{ type: "Rect", fill: { type: "pattern", source: "https://evil.example/p.png", repeat: "repeat" } }]), /uploaded to Mandap/);
    refused(card([image("/media/a.webp", { filters: [{ type: "BlendImage", image: { type: "Image", src: "https://evil.example/x" } }] })]), /"BlendImage"/);
    refused(card([{ type: "Rect", clipPath: { type: "Image", src: "data:x" } }]), /uploaded to Mandap/);
    refused(card([{ type: "Rect", src: "/media/a.webp" }]), /only an Image object has a source|only be the source/);
  });

  it("script-looking keys and values, prototype keys, absurd numbers", () => {
    refused(card([text({ onclick: "alert(1)" })]), /"onclick" is not allowed/);
    refused(JSON.parse('{"version":"7.4.0","width":600,"height":800,"objects":[{"type":"Rect","__proto__":{"x":1}}]}'), /"__proto__" is not allowed/);
    refused(card([{ type: "Rect", constructor: { prototype: {} } }]), /"constructor" is not allowed/);
    refused(card([{ type: "Rect", fill: "url(javascript:alert(1))" }]), /not allowed/);
    refused(card([{ type: "Rect", layerName: "<img src=x onerror=alert(1)>" }]), /not allowed/);
    refused(card([{ type: "Rect", left: 1e308 }]), /out of range/);
    refused("[1e999]", /JSON object/);
    refused(card([{ type: "Rect", left: Number.POSITIVE_INFINITY }]), /not finite/);
    refused(card([{ type: "Rect", fn: () => 1 }]), /not a storable value/);
  });
});

describe("parseCardCanvas, property-based", () => {
  it("never throws, whatever it is given", () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.json(), fc.string()), (input) => {
        const check = parseCardCanvas(input);
        expect(typeof check.ok).toBe("boolean");
      }),
      { numRuns: 400 },
    );
  });

  const color = fc.constantFrom("#ffffff", "#b4531b", "rgba(0,0,0,0.5)", "transparent", "red");
  const num = fc.oneof(fc.integer({ min: -5000, max: 5000 }), fc.double({ min: -5000, max: 5000, noNaN: true }));
  const textObj = fc.record({
    type: fc.constantFrom("Textbox", "textbox", "IText", "i-text", "Text"),
    text: fc.string({ maxLength: 80 }),
    left: num,
    top: num,
    // Mostly what a card may hold, sometimes not: enough canvases pass for the property to mean something.
    fontFamily: fc.oneof({ arbitrary: fc.constantFrom(...CARD_FONT_FAMILIES), weight: 9 }, { arbitrary: fc.constant("Arial"), weight: 1 }),
    fill: color,
    onclick: fc.oneof({ arbitrary: fc.constant(undefined), weight: 9 }, { arbitrary: fc.string(), weight: 1 }),
  });
  const imgObj = fc.record({
    type: fc.constantFrom("Image", "image"),
    src: fc.oneof(
      { arbitrary: fc.constantFrom("/media/u/a.webp", "/media/u/b%20c.png"), weight: 8 },
      { arbitrary: fc.constantFrom("data:image/png;base64,AA", "https://x.example/a.png", "/media/../x"), weight: 1 },
    ),
    left: num,
    scaleX: fc.oneof({ arbitrary: num, weight: 9 }, { arbitrary: fc.constant(Number.NaN), weight: 1 }),
  });
  const shape = fc.record({
    type: fc.oneof(
      { arbitrary: fc.constantFrom("Rect", "Circle", "Ellipse", "Triangle", "Line", "Polygon", "Path"), weight: 9 },
      { arbitrary: fc.constant("Video"), weight: 1 },
    ),
    left: num,
    fill: color,
  });
  const leaf = fc.oneof(textObj, imgObj, shape);
  const obj = fc.oneof(leaf, fc.record({ type: fc.constant("Group"), objects: fc.array(leaf, { maxLength: 4 }) }));
  const canvas = fc.record({
    version: fc.constantFrom("7.4.0", "5.3.0", "x"),
    width: fc.oneof(
      { arbitrary: fc.integer({ min: 200, max: 2400 }), weight: 8 },
      { arbitrary: fc.integer({ min: 100, max: 3000 }), weight: 1 },
      { arbitrary: fc.double(), weight: 1 },
    ),
    height: fc.integer({ min: 200, max: 2400 }),
    background: color,
    objects: fc.array(obj, { maxLength: 8 }),
  });

  it("everything it accepts re-parses to the same canvas and JSON", () => {
    let accepted = 0;
    fc.assert(
      fc.property(canvas, (input) => {
        const first = parseCardCanvas(input);
        if (!first.ok) return;
        accepted++;
        const again = parseCardCanvas(first.json);
        expect(again.ok).toBe(true);
        if (again.ok) {
          expect(again.json).toBe(first.json);
          expect(again.canvas).toEqual(first.canvas);
        }
        // What was accepted holds only our storage's images and card fonts.
        expect(first.json).not.toMatch(/data:|https?:|"onclick"|"Arial"/);
      }),
      { numRuns: 400 },
    );
    expect(accepted).toBeGreaterThan(20);
  });
});

describe("fillPlaceholders", () => {
  it("fills placeholder texts (inside groups too) and leaves the rest", () => {
    const c: CardCanvas = card([
      text({ placeholder: "brideName", styles: [{ start: 0, end: 2, style: { fill: "red" } }] }),
      { type: "Group", objects: [text({ placeholder: "eventDate", text: "Date" })] },
      text({ placeholder: "location", text: "Venue" }),
      { type: "Rect", placeholder: "groomName" },
    ]) as CardCanvas;
    const filled = fillPlaceholders(c, { brideName: "Meera", eventDate: "Saturday, 13 February 2027", location: "" });
    expect(filled.objects[0]).toMatchObject({ text: "Meera", styles: [] });
    expect((filled.objects[1]!.objects as CardObject[])[0]!.text).toBe("Saturday, 13 February 2027");
    expect(filled.objects[2]!.text).toBe("Venue");
    expect(filled.objects[3]).not.toHaveProperty("text");
  });
});
