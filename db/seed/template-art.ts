import type { CardObject } from "#shared/card-format.ts";

/**
 * Vector motifs for the demo invitation templates (issue 13), drawn for Mandap: paisleys, mandala
 * rings, marigolds, floral corners, arches, a kalash, temple bells, kolam loops, banana leaves,
 * lanterns, hearts and borders. Each helper returns fabric 7 objects in the card format
 * (shared/card-format.ts). Paths are built as absolute commands (M, L, C, Z), the form fabric's
 * `toObject` writes, and carry their exact bounding-box centre as left/top with a centre origin, so
 * fabric places them where they were drawn.
 */
export type Cmd = [string, ...number[]];
type Pt = [number, number];
type Style = { fill?: string; stroke?: string; strokeWidth?: number; opacity?: number; layerName: string };

const V = "7.4.0";
const r2 = (n: number) => Math.round(n * 100) / 100;
const K = 0.5523;

// ---------------------------------------------------------------- geometry

export function mapPts(cmds: Cmd[], f: (p: Pt) => Pt): Cmd[] {
  return cmds.map(([c, ...n]) => {
    const out: number[] = [];
    for (let i = 0; i < n.length; i += 2) out.push(...f([n[i] ?? 0, n[i + 1] ?? 0]));
    return [c, ...out] as Cmd;
  });
}
export const translate = (cmds: Cmd[], dx: number, dy: number) => mapPts(cmds, ([x, y]) => [x + dx, y + dy]);
export const scale = (cmds: Cmd[], s: number, sy = s) => mapPts(cmds, ([x, y]) => [x * s, y * sy]);
export const rotate = (cmds: Cmd[], deg: number, cx = 0, cy = 0) => {
  const a = (deg * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  return mapPts(cmds, ([x, y]) => [cx + (x - cx) * c - (y - cy) * s, cy + (x - cx) * s + (y - cy) * c]);
};
export const mirrorX = (cmds: Cmd[], axis: number) => mapPts(cmds, ([x, y]) => [2 * axis - x, y]);
export const mirrorY = (cmds: Cmd[], axis: number) => mapPts(cmds, ([x, y]) => [x, 2 * axis - y]);
/** A shape drawn around (0,0) placed at (x, y), scaled and turned. */
export const place = (cmds: Cmd[], x: number, y: number, s = 1, deg = 0) => translate(rotate(scale(cmds, s), deg), x, y);

function cubicExtrema(p0: number, p1: number, p2: number, p3: number): number[] {
  const a = p1 - p0 - 2 * (p2 - p1) + (p3 - p2);
  const b = 2 * (p2 - p1 - (p1 - p0));
  const c = p1 - p0;
  const ts: number[] = [];
  if (Math.abs(a) < 1e-9) {
    if (Math.abs(b) > 1e-9) ts.push(-c / b);
  } else {
    const d = b * b - 4 * a * c;
    if (d >= 0) ts.push((-b + Math.sqrt(d)) / (2 * a), (-b - Math.sqrt(d)) / (2 * a));
  }
  return ts.filter((t) => t > 0 && t < 1).map((t) => (1 - t) ** 3 * p0 + 3 * (1 - t) ** 2 * t * p1 + 3 * (1 - t) * t * t * p2 + t ** 3 * p3);
}

/** The exact bounds of the path (curve extrema, not control points), as fabric computes them. */
export function bounds(cmds: Cmd[]) {
  const xs: number[] = [];
  const ys: number[] = [];
  let cur: Pt = [0, 0];
  let start: Pt = [0, 0];
  for (const [c, ...n] of cmds) {
    const v = (i: number) => n[i] ?? 0;
    if (c === "M") {
      cur = [v(0), v(1)];
      start = cur;
      xs.push(v(0));
      ys.push(v(1));
    } else if (c === "L") {
      cur = [v(0), v(1)];
      xs.push(v(0));
      ys.push(v(1));
    } else if (c === "C") {
      xs.push(v(4), ...cubicExtrema(cur[0], v(0), v(2), v(4)));
      ys.push(v(5), ...cubicExtrema(cur[1], v(1), v(3), v(5)));
      cur = [v(4), v(5)];
    } else if (c === "Z") cur = start;
  }
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  return { minX, minY, width: Math.max(...xs) - minX, height: Math.max(...ys) - minY };
}

// ---------------------------------------------------------------- objects

export function path(cmds: Cmd[], style: Style): CardObject {
  const b = bounds(cmds);
  return {
    type: "Path",
    version: V,
    originX: "center",
    originY: "center",
    left: r2(b.minX + b.width / 2),
    top: r2(b.minY + b.height / 2),
    width: r2(b.width),
    height: r2(b.height),
    fill: style.fill || "transparent",
    stroke: style.stroke ?? null,
    strokeWidth: style.strokeWidth ?? 0,
    strokeLineCap: "round",
    strokeLineJoin: "round",
    opacity: style.opacity ?? 1,
    path: cmds.map(([c, ...n]) => [c, ...n.map(r2)]),
    layerName: style.layerName,
  };
}

export function rect(x: number, y: number, w: number, h: number, style: Style & { rx?: number }): CardObject {
  return {
    type: "Rect",
    version: V,
    originX: "left",
    originY: "top",
    left: x,
    top: y,
    width: w,
    height: h,
    rx: style.rx ?? 0,
    ry: style.rx ?? 0,
    fill: style.fill || "transparent",
    stroke: style.stroke ?? null,
    strokeWidth: style.strokeWidth ?? 0,
    opacity: style.opacity ?? 1,
    layerName: style.layerName,
  };
}

export function circle(cx: number, cy: number, radius: number, style: Style): CardObject {
  return {
    type: "Circle",
    version: V,
    originX: "center",
    originY: "center",
    left: cx,
    top: cy,
    radius,
    fill: style.fill || "transparent",
    stroke: style.stroke ?? null,
    strokeWidth: style.strokeWidth ?? 0,
    opacity: style.opacity ?? 1,
    layerName: style.layerName,
  };
}

// ---------------------------------------------------------------- primitives (command lists)

export const circleCmds = (cx: number, cy: number, r: number): Cmd[] => [
  ["M", cx + r, cy],
  ["C", cx + r, cy + r * K, cx + r * K, cy + r, cx, cy + r],
  ["C", cx - r * K, cy + r, cx - r, cy + r * K, cx - r, cy],
  ["C", cx - r, cy - r * K, cx - r * K, cy - r, cx, cy - r],
  ["C", cx + r * K, cy - r, cx + r, cy - r * K, cx + r, cy],
  ["Z"],
];

/** A petal from (0,0) pointing up, `len` long and `w` wide. */
export const petalCmds = (len: number, w: number, tip = 0.15): Cmd[] => [
  ["M", 0, 0],
  ["C", w * 0.9, -len * 0.2, w * 0.55, -len * (1 - tip), 0, -len],
  ["C", -w * 0.55, -len * (1 - tip), -w * 0.9, -len * 0.2, 0, 0],
  ["Z"],
];

/** A round-ended petal (a marigold's frill or lotus petal). */
export const roundPetalCmds = (len: number, w: number): Cmd[] => [
  ["M", -w * 0.3, 0],
  ["C", -w * 0.75, -len * 0.45, -w * 0.6, -len, 0, -len],
  ["C", w * 0.6, -len, w * 0.75, -len * 0.45, w * 0.3, 0],
  ["Z"],
];

/** `n` copies of `shape` turned around (cx, cy), offset `r` outwards. */
export function ringOf(shape: Cmd[], n: number, cx: number, cy: number, r: number, phase = 0): Cmd[] {
  const out: Cmd[] = [];
  for (let i = 0; i < n; i++) out.push(...rotate(translate(shape, 0, -r), (360 / n) * i + phase));
  return translate(out, cx, cy);
}

export function dotsAlong(points: Pt[], r: number): Cmd[] {
  return points.flatMap(([x, y]) => circleCmds(x, y, r));
}

export function dotRing(cx: number, cy: number, radius: number, n: number, r: number, phase = 0): Cmd[] {
  const pts: Pt[] = [];
  for (let i = 0; i < n; i++) {
    const a = ((360 / n) * i + phase - 90) * (Math.PI / 180);
    pts.push([cx + radius * Math.cos(a), cy + radius * Math.sin(a)]);
  }
  return dotsAlong(pts, r);
}

export const heartCmds = (s: number): Cmd[] =>
  scale(
    [
      ["M", 0, 30],
      ["C", -8, 22, -40, 4, -40, -14],
      ["C", -40, -30, -26, -40, -14, -40],
      ["C", -6, -40, -1, -34, 0, -28],
      ["C", 1, -34, 6, -40, 14, -40],
      ["C", 26, -40, 40, -30, 40, -14],
      ["C", 40, 4, 8, 22, 0, 30],
      ["Z"],
    ],
    s / 80,
  );

/** A paisley (buta) about 100 units tall, its curled tip to the upper right. */
export const paisleyCmds = (): Cmd[] => [
  ["M", 0, 48],
  ["C", -30, 48, -44, 22, -38, -2],
  ["C", -32, -28, -8, -44, 16, -50],
  ["C", 30, -53, 40, -50, 36, -40],
  ["C", 33, -33, 22, -36, 24, -28],
  ["C", 30, -18, 42, -2, 40, 16],
  ["C", 38, 36, 22, 48, 0, 48],
  ["Z"],
];

/** A full paisley motif: body, inner outline, teardrop dots. */
export function paisley(
  x: number,
  y: number,
  s: number,
  deg: number,
  c: { body: string; line: string; dot: string },
  layerName = "Paisley",
  mirror = false,
): CardObject[] {
  const m = (p: Cmd[]) => (mirror ? mirrorX(p, x) : p);
  const body = m(place(paisleyCmds(), x, y, s, deg));
  const inner = m(place(scale(paisleyCmds(), 0.62), x, y + 6 * s, s, deg));
  const dots = m(
    place(
      [
        ...circleCmds(-4, 12, 5),
        ...circleCmds(-16, -2, 3.5),
        ...circleCmds(2, -6, 3.5),
        ...circleCmds(-20, 16, 3),
        ...circleCmds(12, 10, 3),
        ...circleCmds(-8, 28, 3),
      ],
      x,
      y + 4 * s,
      s,
      deg,
    ),
  );
  return [
    path(body, { fill: c.body, stroke: c.line, strokeWidth: 2, layerName }),
    path(inner, { fill: "", stroke: c.line, strokeWidth: 1.4, layerName: `${layerName} inner` }),
    path(dots, { fill: c.dot, layerName: `${layerName} dots` }),
  ];
}

/** A mandala: rings of petals and dots around (cx, cy), radius about `r`. */
export function mandala(
  cx: number,
  cy: number,
  r: number,
  c: { outer: string; inner: string; dots: string; line?: string },
  layerName = "Mandala",
): CardObject[] {
  return [
    path(ringOf(petalCmds(r * 0.42, r * 0.26), 16, cx, cy, r * 0.55), { fill: c.outer, opacity: 0.9, layerName: `${layerName} outer petals` }),
    path(ringOf(roundPetalCmds(r * 0.34, r * 0.3), 12, cx, cy, r * 0.2, 15), { fill: c.inner, layerName: `${layerName} inner petals` }),
    path(dotRing(cx, cy, r * 1.04, 32, r * 0.028), { fill: c.dots, layerName: `${layerName} dot ring` }),
    path([...circleCmds(cx, cy, r * 0.2), ...circleCmds(cx, cy, r * 0.93)], { stroke: c.line ?? c.dots, strokeWidth: 1.5, layerName: `${layerName} rings` }),
    circle(cx, cy, r * 0.11, { fill: c.dots, layerName: `${layerName} centre` }),
  ];
}

/** A marigold head: two frills of round petals and a darker heart. */
export function marigold(cx: number, cy: number, r: number, c: { petals: string; deep: string }, layerName = "Marigold"): CardObject[] {
  return [
    path(ringOf(roundPetalCmds(r * 0.62, r * 0.5), 14, cx, cy, r * 0.38), { fill: c.deep, layerName }),
    path(ringOf(roundPetalCmds(r * 0.5, r * 0.45), 12, cx, cy, r * 0.22, 13), { fill: c.petals, layerName: `${layerName} frill` }),
    circle(cx, cy, r * 0.26, { fill: c.deep, layerName: `${layerName} heart` }),
  ];
}

/** A string of marigolds hanging along a shallow curve from (x1,y) to (x2,y), sagging `sag`. */
export function marigoldGarland(
  x1: number,
  x2: number,
  y: number,
  sag: number,
  n: number,
  r: number,
  c: { petals: string; deep: string },
  layerName = "Garland",
) {
  const heads: Cmd[] = [];
  const hearts: Cmd[] = [];
  for (let i = 0; i < n; i++) {
    const t = i / (n - 1);
    const x = x1 + (x2 - x1) * t;
    const yy = y + sag * 4 * t * (1 - t);
    heads.push(...ringOf(roundPetalCmds(r * 0.9, r * 0.8), 10, x, yy, r * 0.2, i * 11));
    hearts.push(...circleCmds(x, yy, r * 0.32));
  }
  return [path(heads, { fill: c.petals, stroke: c.deep, strokeWidth: 0.8, layerName }), path(hearts, { fill: c.deep, layerName: `${layerName} hearts` })];
}

/** A toran: a cord across the top with hanging mango leaves and marigold drops. */
export function toran(x1: number, x2: number, y: number, c: { leaf: string; vein: string; flower: string; deep: string; cord: string }, n = 9): CardObject[] {
  const leaves: Cmd[] = [];
  const veins: Cmd[] = [];
  const flowers: Cmd[] = [];
  const leaf: Cmd[] = [["M", 0, 0], ["C", 12, 10, 14, 34, 0, 58], ["C", -14, 34, -12, 10, 0, 0], ["Z"]];
  for (let i = 0; i < n; i++) {
    const t = (i + 0.5) / n;
    const x = x1 + (x2 - x1) * t;
    const yy = y + 10 * 4 * t * (1 - t);
    leaves.push(...translate(leaf, x, yy));
    veins.push(["M", x, yy + 4], ["L", x, yy + 52]);
    if (i < n - 1) {
      const fx = x + (x2 - x1) / n / 2;
      const ft = (i + 1) / n;
      const fy = y + 10 * 4 * ft * (1 - ft);
      flowers.push(...circleCmds(fx, fy + 14, 7), ...circleCmds(fx, fy + 30, 6), ...circleCmds(fx, fy + 44, 5));
    }
  }
  return [
    path(
      [
        ["M", x1, y],
        ["C", x1 + (x2 - x1) / 3, y + 14, x1 + ((x2 - x1) * 2) / 3, y + 14, x2, y],
      ],
      { stroke: c.cord, strokeWidth: 3, layerName: "Toran cord" },
    ),
    path(leaves, { fill: c.leaf, layerName: "Toran mango leaves" }),
    path(veins, { stroke: c.vein, strokeWidth: 1, layerName: "Toran leaf veins" }),
    path(flowers, { fill: c.flower, stroke: c.deep, strokeWidth: 1, layerName: "Toran marigolds" }),
  ];
}

/** A floral corner spray for the top-left corner at (x, y); mirror it for the others. */
export function cornerSprayCmds(x: number, y: number, s: number) {
  const vine: Cmd[] = [
    ["M", 0, 150],
    ["C", 0, 80, 30, 30, 80, 12],
    ["C", 110, 2, 140, 0, 160, 0],
    ["M", 20, 78],
    ["C", 36, 70, 52, 72, 62, 82],
    ["M", 76, 16],
    ["C", 80, 34, 96, 44, 112, 44],
  ];
  const leaves: Cmd[] = [
    ...place(petalCmds(34, 16), 12, 104, 1, -30),
    ...place(petalCmds(30, 14), 40, 50, 1, 20),
    ...place(petalCmds(26, 12), 122, 2, 1, 80),
    ...place(petalCmds(28, 13), 62, 82, 1, 120),
    ...place(petalCmds(24, 11), 112, 44, 1, 150),
  ];
  const blooms: Cmd[] = [
    ...ringOf(roundPetalCmds(16, 14), 6, 26, 26, 5),
    ...ringOf(roundPetalCmds(10, 9), 5, 150, 16, 3, 20),
    ...ringOf(roundPetalCmds(10, 9), 5, 6, 140, 3),
  ];
  const hearts: Cmd[] = [...circleCmds(26, 26, 5), ...circleCmds(150, 16, 3), ...circleCmds(6, 140, 3)];
  const at = (c: Cmd[]) => translate(scale(c, s), x, y);
  return { vine: at(vine), leaves: at(leaves), blooms: at(blooms), hearts: at(hearts) };
}

/** Floral sprays in the four corners of a w x h card, `inset` from the edges. */
export function floralCorners(
  w: number,
  h: number,
  inset: number,
  s: number,
  c: { vine: string; leaf: string; bloom: string; heart: string },
  corners = 4,
): CardObject[] {
  const base = cornerSprayCmds(inset, inset, s);
  const parts = ["vine", "leaves", "blooms", "hearts"] as const;
  const flips = [(p: Cmd[]) => p, (p: Cmd[]) => mirrorX(p, w / 2), (p: Cmd[]) => mirrorY(p, h / 2), (p: Cmd[]) => mirrorY(mirrorX(p, w / 2), h / 2)].slice(
    0,
    corners,
  );
  const merged = Object.fromEntries(parts.map((k) => [k, flips.flatMap((f) => f(base[k]))])) as Record<(typeof parts)[number], Cmd[]>;
  return [
    path(merged.vine, { stroke: c.vine, strokeWidth: 2, layerName: "Corner vines" }),
    path(merged.leaves, { fill: c.leaf, layerName: "Corner leaves" }),
    path(merged.blooms, { fill: c.bloom, layerName: "Corner flowers" }),
    path(merged.hearts, { fill: c.heart, layerName: "Corner flower hearts" }),
  ];
}

/** A pointed (Mughal) arch outline from (x, bottom) up to a point at `top`, width w. */
export function archCmds(cx: number, w: number, top: number, bottom: number, shoulder = 0.38): Cmd[] {
  const l = cx - w / 2;
  const r = cx + w / 2;
  const sy = top + (bottom - top) * shoulder;
  return [
    ["M", l, bottom],
    ["L", l, sy],
    ["C", l, sy - w * 0.42, cx - w * 0.12, top + w * 0.1, cx, top],
    ["C", cx + w * 0.12, top + w * 0.1, r, sy - w * 0.42, r, sy],
    ["L", r, bottom],
  ];
}

/** A round-topped arch (church window or modern frame). */
export function roundArchCmds(cx: number, w: number, top: number, bottom: number): Cmd[] {
  const rr = w / 2;
  return [
    ["M", cx - rr, bottom],
    ["L", cx - rr, top + rr],
    ["C", cx - rr, top + rr - rr * K, cx - rr * K, top, cx, top],
    ["C", cx + rr * K, top, cx + rr, top + rr * (1 - K), cx + rr, top + rr],
    ["L", cx + rr, bottom],
  ];
}

/** An eight-pointed star (two squares) of outer radius r. */
export function starCmds(cx: number, cy: number, r: number, points = 8, inner = 0.72): Cmd[] {
  const out: Cmd[] = [];
  for (let i = 0; i < points * 2; i++) {
    const a = ((Math.PI * 2) / (points * 2)) * i - Math.PI / 2;
    const rr = i % 2 ? r * inner : r;
    out.push([i ? "L" : "M", cx + rr * Math.cos(a), cy + rr * Math.sin(a)]);
  }
  out.push(["Z"]);
  return out;
}

/** A crescent opening to the right: outer arc of radius r, inner arc offset by `bite`. */
export function crescentCmds(cx: number, cy: number, r: number, bite = 0.35): Cmd[] {
  const d = r * bite * 2;
  const ri = r * 0.86;
  // Intersections of the two circles (centres (cx,cy) and (cx+d,cy)).
  const ix = (d * d + r * r - ri * ri) / (2 * d);
  const iy = Math.sqrt(Math.max(r * r - ix * ix, 0));
  const top: Pt = [cx + ix, cy - iy];
  const bot: Pt = [cx + ix, cy + iy];
  const a1 = Math.atan2(-iy, ix);
  const outer = arcCmds(cx, cy, r, a1, a1 - (2 * Math.PI - 2 * Math.abs(a1)));
  const ia = Math.atan2(iy, ix - d);
  const inner = arcCmds(cx + d, cy, ri, ia, 2 * Math.PI - ia);
  return [["M", ...top], ...outer, ["L", ...bot], ...inner, ["Z"]];
}

/** Cubic arcs along a circle from angle a0 to a1 (radians, any direction), without the initial move. */
export function arcCmds(cx: number, cy: number, r: number, a0: number, a1: number): Cmd[] {
  const segs = Math.max(1, Math.ceil(Math.abs(a1 - a0) / (Math.PI / 2)));
  const da = (a1 - a0) / segs;
  const k = (4 / 3) * Math.tan(da / 4);
  const out: Cmd[] = [];
  for (let i = 0; i < segs; i++) {
    const s = a0 + da * i;
    const e = s + da;
    out.push([
      "C",
      cx + r * (Math.cos(s) - k * Math.sin(s)),
      cy + r * (Math.sin(s) + k * Math.cos(s)),
      cx + r * (Math.cos(e) + k * Math.sin(e)),
      cy + r * (Math.sin(e) - k * Math.cos(e)),
      cx + r * Math.cos(e),
      cy + r * Math.sin(e),
    ]);
  }
  return out;
}

/** A kalash: pot, rim, mango leaves and a coconut, about 120 tall, base centre at (x, y). */
export function kalash(x: number, y: number, s: number, c: { pot: string; rim: string; leaf: string; coconut: string; mark: string }): CardObject[] {
  const pot: Cmd[] = [["M", -22, 0], ["C", -52, -6, -56, -52, -30, -66], ["L", -22, -72], ["L", 22, -72], ["L", 30, -66], ["C", 56, -52, 52, -6, 22, 0], ["Z"]];
  const rim: Cmd[] = [["M", -28, -72], ["L", 28, -72], ["L", 24, -80], ["L", -24, -80], ["Z"]];
  const leaves: Cmd[] = [
    ...place(petalCmds(40, 14), -8, -80, 1, -55),
    ...place(petalCmds(40, 14), 8, -80, 1, 55),
    ...place(petalCmds(36, 13), -4, -80, 1, -25),
    ...place(petalCmds(36, 13), 4, -80, 1, 25),
  ];
  const coconut: Cmd[] = [["M", -16, -82], ["C", -20, -104, -8, -120, 0, -124], ["C", 8, -120, 20, -104, 16, -82], ["Z"]];
  const mark: Cmd[] = [...starCmds(0, -36, 12, 4, 0.35), ["M", -40, -22], ["C", -14, -14, 14, -14, 40, -22]];
  const at = (p: Cmd[]) => place(p, x, y, s);
  return [
    path(at(leaves), { fill: c.leaf, layerName: "Kalash leaves" }),
    path(at(coconut), { fill: c.coconut, layerName: "Kalash coconut" }),
    path(at(pot), { fill: c.pot, layerName: "Kalash pot" }),
    path(at(rim), { fill: c.rim, layerName: "Kalash rim" }),
    path(at(mark), { fill: c.mark, stroke: c.mark, strokeWidth: 1.5, layerName: "Kalash mark" }),
  ];
}

/** A temple bell hanging on a chain from (x, y0), its mouth at y0 + len. */
export function templeBell(x: number, y0: number, len: number, s: number, c: { metal: string; shade: string; chain: string }): CardObject[] {
  const bell: Cmd[] = [
    ["M", 0, -40],
    ["C", 10, -40, 16, -32, 16, -20],
    ["C", 16, -6, 20, 2, 30, 10],
    ["L", -30, 10],
    ["C", -20, 2, -16, -6, -16, -20],
    ["C", -16, -32, -10, -40, 0, -40],
    ["Z"],
  ];
  const lip: Cmd[] = [["M", -32, 10], ["L", 32, 10], ["L", 28, 16], ["L", -28, 16], ["Z"], ...circleCmds(0, 22, 5), ...circleCmds(0, -46, 6)];
  const links: Cmd[] = [];
  for (let yy = y0; yy < y0 + len - 52 * s; yy += 12) links.push(...circleCmds(x, yy + 5, 3.2));
  const at = (p: Cmd[]) => place(p, x, y0 + len - 16 * s, s);
  return [
    path(links, { stroke: c.chain, strokeWidth: 1.6, layerName: "Bell chain" }),
    path(at(bell), { fill: c.metal, stroke: c.shade, strokeWidth: 1.5, layerName: "Temple bell" }),
    path(at(lip), { fill: c.shade, layerName: "Bell lip and clapper" }),
  ];
}

/** A kolam: a grid of dots with loops drawn round them (n x n), centred at (cx, cy). */
export function kolam(cx: number, cy: number, n: number, gap: number, c: { line: string; dots: string }, layerName = "Kolam"): CardObject[] {
  const dots: Cmd[] = [];
  const loops: Cmd[] = [];
  const o = ((n - 1) * gap) / 2;
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      const x = cx - o + i * gap;
      const y = cy - o + j * gap;
      if (Math.abs(i - (n - 1) / 2) + Math.abs(j - (n - 1) / 2) > (n - 1) / 2 + 0.01) continue;
      dots.push(...circleCmds(x, y, 2.6));
      const h = gap / 2;
      loops.push(["M", x - h, y], ["C", x - h, y - h * 1.1, x + h, y - h * 1.1, x + h, y], ["C", x + h, y + h * 1.1, x - h, y + h * 1.1, x - h, y]);
      loops.push(
        ...rotate(
          [
            ["M", x - h * 0.9, y],
            ["C", x - h * 0.9, y - h * 0.5, x + h * 0.9, y - h * 0.5, x + h * 0.9, y],
          ],
          45,
          x,
          y,
        ),
      );
    }
  return [path(loops, { stroke: c.line, strokeWidth: 1.6, layerName }), path(dots, { fill: c.dots, layerName: `${layerName} dots` })];
}

/** A banana leaf about 260 long from its stalk at (0,0) upwards, with a midrib and veins. */
export function bananaLeaf(x: number, y: number, s: number, deg: number, c: { leaf: string; rib: string }, layerName = "Banana leaf"): CardObject[] {
  const blade: Cmd[] = [
    ["M", 0, 0],
    ["C", 40, -40, 58, -140, 40, -230],
    ["C", 34, -250, 20, -262, 4, -266],
    ["C", -30, -230, -52, -140, -36, -60],
    ["C", -28, -28, -14, -8, 0, 0],
    ["Z"],
  ];
  const veins: Cmd[] = [
    ["M", 0, 6],
    ["C", 6, -80, 8, -180, 4, -262],
  ];
  for (let i = 1; i < 12; i++) {
    const yy = -20 * i;
    veins.push(["M", 4, yy], ["L", 40 - Math.abs(i - 6) * 3.2, yy - 20], ["M", 4, yy], ["L", -34 + Math.abs(i - 6) * 2.6, yy - 22]);
  }
  return [
    path(place(blade, x, y, s, deg), { fill: c.leaf, layerName }),
    path(place(veins, x, y, s, deg), { stroke: c.rib, strokeWidth: 1.2, opacity: 0.8, layerName: `${layerName} veins` }),
  ];
}

/** A hanging lantern (for Nikah/Walima) on a line from y0, its body centred at (x, y0 + len). */
export function lantern(x: number, y0: number, len: number, s: number, c: { body: string; glow: string; line: string }): CardObject[] {
  const body: Cmd[] = [
    ["M", 0, -44],
    ["C", 16, -30, 22, -10, 22, 8],
    ["C", 22, 24, 12, 34, 0, 40],
    ["C", -12, 34, -22, 24, -22, 8],
    ["C", -22, -10, -16, -30, 0, -44],
    ["Z"],
  ];
  const cap: Cmd[] = [["M", -12, -40], ["L", 12, -40], ["L", 0, -56], ["Z"], ["M", -8, 40], ["L", 8, 40], ["L", 0, 52], ["Z"]];
  const window: Cmd[] = archCmds(0, 22, -26, 22, 0.45).concat([["Z"]]);
  const at = (p: Cmd[]) => place(p, x, y0 + len, s);
  return [
    path(
      [
        ["M", x, y0],
        ["L", x, y0 + len - 56 * s],
      ],
      { stroke: c.line, strokeWidth: 1.4, layerName: "Lantern cord" },
    ),
    path(at(body), { fill: c.body, layerName: "Lantern" }),
    path(at(window), { fill: c.glow, layerName: "Lantern glow" }),
    path(at(cap), { fill: c.line, layerName: "Lantern caps" }),
  ];
}

/** A row of small triangles (a temple-saree border) between x1 and x2 at y, pointing up or down. */
export function templeBorderCmds(x1: number, x2: number, y: number, size: number, down = false): Cmd[] {
  const out: Cmd[] = [];
  const n = Math.floor((x2 - x1) / size);
  const start = x1 + (x2 - x1 - n * size) / 2;
  for (let i = 0; i < n; i++) {
    const x = start + i * size;
    out.push(["M", x, y], ["L", x + size / 2, down ? y + size * 0.9 : y - size * 0.9], ["L", x + size, y], ["Z"]);
  }
  return out;
}

/** A scalloped line (small arcs) between x1 and x2 at y. */
export function scallopCmds(x1: number, x2: number, y: number, size: number, down = true): Cmd[] {
  const n = Math.floor((x2 - x1) / size);
  const start = x1 + (x2 - x1 - n * size) / 2;
  const out: Cmd[] = [["M", start, y]];
  for (let i = 0; i < n; i++) {
    const x = start + i * size;
    const d = down ? size * 0.6 : -size * 0.6;
    out.push(["C", x + size * 0.1, y + d, x + size * 0.9, y + d, x + size, y]);
  }
  return out;
}

/** A diamond lattice (phulkari / jaali) filling a band. */
export function diamondBandCmds(x1: number, x2: number, y: number, size: number): Cmd[] {
  const out: Cmd[] = [];
  const n = Math.floor((x2 - x1) / size);
  const start = x1 + (x2 - x1 - n * size) / 2;
  for (let i = 0; i < n; i++) {
    const cx = start + i * size + size / 2;
    out.push(["M", cx, y - size / 2], ["L", cx + size / 2, y], ["L", cx, y + size / 2], ["L", cx - size / 2, y], ["Z"]);
  }
  return out;
}

/** A small centred divider: two lines and a lozenge with dots. */
export function divider(cx: number, y: number, w: number, color: string, layerName = "Divider"): CardObject[] {
  return [
    path(
      [
        ["M", cx - w / 2, y],
        ["L", cx - 14, y],
        ["M", cx + 14, y],
        ["L", cx + w / 2, y],
      ],
      { stroke: color, strokeWidth: 1.2, layerName },
    ),
    path([...starCmds(cx, y, 8, 4, 0.4), ...circleCmds(cx - w / 2 - 5, y, 2.2), ...circleCmds(cx + w / 2 + 5, y, 2.2)], {
      fill: color,
      layerName: `${layerName} ornament`,
    }),
  ];
}

/** A lotus of layered petals, sitting on (cx, cy). */
export function lotus(cx: number, cy: number, s: number, c: { back: string; front: string; line?: string }, layerName = "Lotus"): CardObject[] {
  const back: Cmd[] = [-60, -30, 30, 60].flatMap((a) => rotate(roundPetalCmds(46, 30), a));
  const front: Cmd[] = [-32, 0, 32].flatMap((a) => rotate(petalCmds(56, 30, 0.1), a));
  return [
    path(place(back, cx, cy, s), { fill: c.back, stroke: c.line, strokeWidth: c.line ? 1 : 0, layerName }),
    path(place(front, cx, cy, s), { fill: c.front, stroke: c.line, strokeWidth: c.line ? 1 : 0, layerName: `${layerName} front petals` }),
  ];
}

/** Two interlocked rings (Christian and modern cards). */
export function rings(cx: number, cy: number, r: number, color: string): CardObject[] {
  return [path([...circleCmds(cx - r * 0.45, cy, r), ...circleCmds(cx + r * 0.45, cy, r)], { stroke: color, strokeWidth: 2.4, layerName: "Rings" })];
}

/** A Latin cross with flared ends, centred at (cx, cy), h tall. */
export function crossCmds(cx: number, cy: number, h: number): Cmd[] {
  const w = h * 0.1;
  const arm = h * 0.32;
  const top = cy - h / 2;
  const mid = top + h * 0.3;
  return [
    ["M", cx - w, top],
    ["L", cx + w, top],
    ["L", cx + w, mid - w],
    ["L", cx + arm, mid - w],
    ["L", cx + arm, mid + w],
    ["L", cx + w, mid + w],
    ["L", cx + w, top + h],
    ["L", cx - w, top + h],
    ["L", cx - w, mid + w],
    ["L", cx - arm, mid + w],
    ["L", cx - arm, mid - w],
    ["L", cx - w, mid - w],
    ["Z"],
  ];
}

/** An olive or fern branch: a gentle stem with paired leaves, from (x, y) along `deg`. */
export function branch(x: number, y: number, len: number, deg: number, c: { stem: string; leaf: string }, layerName = "Branch"): CardObject[] {
  const stem: Cmd[] = [
    ["M", 0, 0],
    ["C", 0, -len * 0.35, len * 0.08, -len * 0.7, len * 0.02, -len],
  ];
  const leaves: Cmd[] = [];
  for (let i = 1; i <= 6; i++) {
    const t = i / 7;
    const yy = -len * t;
    const xx = len * 0.06 * Math.sin(t * 3);
    const sz = len * 0.16 * (1 - t * 0.45);
    leaves.push(...place(petalCmds(sz, sz * 0.45), xx, yy, 1, -48), ...place(petalCmds(sz, sz * 0.45), xx, yy, 1, 48));
  }
  leaves.push(...place(petalCmds(len * 0.1, len * 0.05), len * 0.02, -len, 1, 0));
  return [
    path(place(stem, x, y, 1, deg), { stroke: c.stem, strokeWidth: 1.6, layerName }),
    path(place(leaves, x, y, 1, deg), { fill: c.leaf, layerName: `${layerName} leaves` }),
  ];
}

/** A balloon with its string, centred at (x, y). */
export function balloon(x: number, y: number, s: number, color: string, string: string): CardObject[] {
  const b: Cmd[] = [
    ["M", 0, 40],
    ["C", -26, 30, -34, 6, -34, -10],
    ["C", -34, -32, -18, -44, 0, -44],
    ["C", 18, -44, 34, -32, 34, -10],
    ["C", 34, 6, 26, 30, 0, 40],
    ["Z"],
    ["M", 0, 40],
    ["L", -5, 47],
    ["L", 5, 47],
    ["Z"],
  ];
  const str: Cmd[] = [
    ["M", 0, 47],
    ["C", -10, 70, 10, 90, -4, 120],
  ];
  const shine: Cmd[] = [
    ["M", -20, -18],
    ["C", -20, -28, -14, -34, -6, -36],
  ];
  return [
    path(place(str, x, y, s), { stroke: string, strokeWidth: 1.2, layerName: "Balloon string" }),
    path(place(b, x, y, s), { fill: color, layerName: "Balloon" }),
    path(place(shine, x, y, s), { stroke: "#ffffff", strokeWidth: 3, opacity: 0.6, layerName: "Balloon shine" }),
  ];
}

/** Confetti: small rotated bars and dots scattered by a fixed sequence (no randomness: renders match). */
export function confetti(w: number, h: number, band: [number, number], colors: string[], n = 36): CardObject[] {
  const groups: Cmd[][] = colors.map(() => []);
  for (let i = 0; i < n; i++) {
    const x = 30 + ((i * 137.5) % (w - 60));
    const y = band[0] + ((i * 71.3) % (band[1] - band[0]));
    const bar: Cmd[] = i % 3 === 0 ? circleCmds(0, 0, 3.2) : [["M", -6, -2], ["L", 6, -2], ["L", 6, 2], ["L", -6, 2], ["Z"]];
    groups[i % colors.length]?.push(...place(bar, x, y, 1, (i * 47) % 180));
  }
  return groups.map((g, i) => path(g, { fill: colors[i] ?? "#000", layerName: `Confetti ${i + 1}` }));
}

/** A jharokha (Rajasthani window): a cusped arch with a little dome, centred at cx, from top to bottom. */
export function jharokhaCmds(cx: number, w: number, top: number, bottom: number): Cmd[] {
  const l = cx - w / 2;
  const r = cx + w / 2;
  const sy = top + w * 0.62;
  const cusp = w / 6;
  const out: Cmd[] = [
    ["M", l, bottom],
    ["L", l, sy],
  ];
  // Cusped (multifoil) arch: five lobes from left shoulder to right shoulder.
  const pts: Pt[] = [];
  for (let i = 0; i <= 5; i++) {
    const a = Math.PI - (Math.PI * i) / 5;
    pts.push([cx + (w / 2) * Math.cos(a), sy - w * 0.55 * Math.sin(a)]);
  }
  for (let i = 0; i < 5; i++) {
    const [x0, y0] = pts[i] ?? [0, 0];
    const [x1, y1] = pts[i + 1] ?? [0, 0];
    const mx = (x0 + x1) / 2;
    const my = (y0 + y1) / 2;
    const nx = -(y1 - y0);
    const ny = x1 - x0;
    const len = Math.hypot(nx, ny);
    const bulge = cusp * 0.55;
    out.push([
      "C",
      x0 + (nx / len) * bulge,
      y0 + (ny / len) * bulge,
      mx + (nx / len) * bulge * 1.1 - (x1 - x0) * 0.25,
      my + (ny / len) * bulge * 1.1 - (y1 - y0) * 0.25,
      mx + (nx / len) * bulge * 1.1,
      my + (ny / len) * bulge * 1.1,
    ]);
    out.push([
      "C",
      mx + (nx / len) * bulge * 1.1 + (x1 - x0) * 0.25,
      my + (ny / len) * bulge * 1.1 + (y1 - y0) * 0.25,
      x1 + (nx / len) * bulge,
      y1 + (ny / len) * bulge,
      x1,
      y1,
    ]);
  }
  out.push(["L", r, bottom]);
  return out;
}

/** A peacock feather eye (Rajasthani / Marathi accents) at (x, y), tilted `deg`. */
export function peacockFeather(x: number, y: number, s: number, deg: number, c: { outer: string; mid: string; eye: string; barb: string }): CardObject[] {
  const drop = (w: number, h: number, dy = 0): Cmd[] => [
    ["M", 0, -h + dy],
    ["C", w, -h * 0.6 + dy, w, h * 0.5 + dy, 0, h * 0.6 + dy],
    ["C", -w, h * 0.5 + dy, -w, -h * 0.6 + dy, 0, -h + dy],
    ["Z"],
  ];
  const barbs: Cmd[] = [
    ["M", 0, 30],
    ["L", 0, 150],
  ];
  for (let i = 0; i < 12; i++) barbs.push(["M", 0, 40 + i * 9], ["L", -22 + i, 24 + i * 9], ["M", 0, 40 + i * 9], ["L", 22 - i, 24 + i * 9]);
  const at = (p: Cmd[]) => place(p, x, y, s, deg);
  return [
    path(at(barbs), { stroke: c.barb, strokeWidth: 1, layerName: "Feather barbs" }),
    path(at(drop(30, 40)), { fill: c.outer, layerName: "Feather eye" }),
    path(at(drop(20, 28, 4)), { fill: c.mid, layerName: "Feather eye middle" }),
    path(at(drop(11, 15, 7)), { fill: c.eye, layerName: "Feather eye centre" }),
  ];
}
