/**
 * Plane geometry for sketch profiles: the segments entities turn into, and exact predicates on
 * them (intersections, winding, area). Pure functions, no OpenCascade.
 */

export type Pt = [number, number];

interface SegBase {
  /** The named segment (D4 table): `l1`, `r1.top`, `p1.3`, `c1`. */
  name: string;
  /** Start and end point (a circle: both the point at angle 0). */
  a: Pt;
  b: Pt;
}
export interface LineSeg extends SegBase {
  kind: "line";
}
/** Counter-clockwise from `a` to `b` about `c`: angle `a0`, sweep in (0, 2π) radians. */
export interface ArcSeg extends SegBase {
  kind: "arc";
  c: Pt;
  r: number;
  a0: number;
  sweep: number;
}
export interface CircleSeg extends SegBase {
  kind: "circle";
  c: Pt;
  r: number;
}
export type Seg = LineSeg | ArcSeg | CircleSeg;

export const sub = (p: Pt, q: Pt): Pt => [p[0] - q[0], p[1] - q[1]];
export const cross = (p: Pt, q: Pt): number => p[0] * q[1] - p[1] * q[0];
export const dot = (p: Pt, q: Pt): number => p[0] * q[0] + p[1] * q[1];
export const dist = (p: Pt, q: Pt): number => Math.hypot(p[0] - q[0], p[1] - q[1]);

const TAU = 2 * Math.PI;

/** Angle normalised to [0, 2π). */
export function norm(a: number): number {
  const r = a % TAU;
  return r < 0 ? r + TAU : r;
}

/** Point of a segment at fraction t of its length (0 → a, 1 → b). */
export function pointAt(s: Seg, t: number): Pt {
  if (s.kind === "line") return [s.a[0] + (s.b[0] - s.a[0]) * t, s.a[1] + (s.b[1] - s.a[1]) * t];
  const ang = s.kind === "arc" ? s.a0 + s.sweep * t : TAU * t;
  return [s.c[0] + s.r * Math.cos(ang), s.c[1] + s.r * Math.sin(ang)];
}

export function length(s: Seg): number {
  if (s.kind === "line") return dist(s.a, s.b);
  return s.r * (s.kind === "arc" ? s.sweep : TAU);
}

/** True when angle `ang` lies on the arc (within `tol` radians of its range). */
function onArc(s: ArcSeg, ang: number, tol: number): boolean {
  const d = norm(ang - s.a0);
  return d <= s.sweep + tol || d >= TAU - tol;
}

/** Points where two segments meet (an overlap reports its two ends). */
export function intersections(s: Seg, t: Seg, tol = 1e-7): Pt[] {
  if (s.kind === "line") return t.kind === "line" ? lineLine(s, t, tol) : lineCirc(s, t, tol);
  if (t.kind === "line") return lineCirc(t, s, tol);
  return circCirc(s, t, tol);
}

function lineLine(s: LineSeg, t: LineSeg, tol: number): Pt[] {
  const d1 = sub(s.b, s.a);
  const d2 = sub(t.b, t.a);
  const den = cross(d1, d2);
  const l1 = Math.hypot(...d1);
  const l2 = Math.hypot(...d2);
  if (Math.abs(den) <= 1e-12 * l1 * l2) {
    // Parallel: overlapping only when collinear.
    if (Math.abs(cross(d1, sub(t.a, s.a))) / l1 > tol) return [];
    const u = (p: Pt): number => dot(sub(p, s.a), d1) / (l1 * l1);
    const lo = Math.max(0, Math.min(u(t.a), u(t.b)));
    const hi = Math.min(1, Math.max(u(t.a), u(t.b)));
    if (hi < lo - tol / l1) return [];
    return hi - lo <= tol / l1 ? [pointAt(s, lo)] : [pointAt(s, lo), pointAt(s, hi)];
  }
  const w = sub(t.a, s.a);
  const u = cross(w, d2) / den;
  const v = cross(w, d1) / den;
  if (u < -tol / l1 || u > 1 + tol / l1 || v < -tol / l2 || v > 1 + tol / l2) return [];
  return [pointAt(s, u)];
}

function lineCirc(s: LineSeg, t: ArcSeg | CircleSeg, tol: number): Pt[] {
  const d = sub(s.b, s.a);
  const len2 = dot(d, d);
  const f = sub(s.a, t.c);
  const B = 2 * dot(f, d);
  const C = dot(f, f) - t.r * t.r;
  let disc = B * B - 4 * len2 * C;
  const len = Math.sqrt(len2);
  // Tangency within tolerance counts as touching.
  if (disc < 0 && disc > -4 * len2 * 2 * t.r * tol) disc = 0;
  if (disc < 0) return [];
  const sq = Math.sqrt(disc);
  const us = disc === 0 ? [-B / (2 * len2)] : [(-B - sq) / (2 * len2), (-B + sq) / (2 * len2)];
  const out: Pt[] = [];
  for (const u of us) {
    if (u < -tol / len || u > 1 + tol / len) continue;
    const p = pointAt(s, u);
    if (t.kind === "arc" && !onArc(t, Math.atan2(p[1] - t.c[1], p[0] - t.c[0]), tol / t.r))
      continue;
    out.push(p);
  }
  return out;
}

function circCirc(s: ArcSeg | CircleSeg, t: ArcSeg | CircleSeg, tol: number): Pt[] {
  const d = dist(s.c, t.c);
  if (d <= tol && Math.abs(s.r - t.r) <= tol) return sameCircle(s, t, tol);
  if (d > s.r + t.r + tol || d < Math.abs(s.r - t.r) - tol || d <= tol) return [];
  const a = (d * d + s.r * s.r - t.r * t.r) / (2 * d);
  const h2 = s.r * s.r - a * a;
  const h = h2 > 0 ? Math.sqrt(h2) : 0;
  const ex: Pt = [(t.c[0] - s.c[0]) / d, (t.c[1] - s.c[1]) / d];
  const m: Pt = [s.c[0] + a * ex[0], s.c[1] + a * ex[1]];
  const pts: Pt[] =
    h <= tol
      ? [m]
      : [
          [m[0] - h * ex[1], m[1] + h * ex[0]],
          [m[0] + h * ex[1], m[1] - h * ex[0]],
        ];
  return pts.filter(
    (p) =>
      (s.kind !== "arc" || onArc(s, Math.atan2(p[1] - s.c[1], p[0] - s.c[0]), tol / s.r)) &&
      (t.kind !== "arc" || onArc(t, Math.atan2(p[1] - t.c[1], p[0] - t.c[0]), tol / t.r)),
  );
}

/** Two pieces of one circle: they meet where their angular ranges overlap. */
function sameCircle(s: ArcSeg | CircleSeg, t: ArcSeg | CircleSeg, tol: number): Pt[] {
  const range = (x: ArcSeg | CircleSeg): [number, number] =>
    x.kind === "arc" ? [x.a0, x.sweep] : [0, TAU];
  const [s0, ss] = range(s);
  const [t0, ts] = range(t);
  if (ss >= TAU || ts >= TAU) return [pointAt(s, 0), pointAt(s, 0.5)];
  const aTol = tol / s.r;
  // Overlap of two arcs: an endpoint of one strictly inside the other, or equal ranges.
  const inside = (ang: number, a0: number, sw: number): boolean => {
    const d = norm(ang - a0);
    return d > aTol && d < sw - aTol;
  };
  const pts: Pt[] = [];
  const at = (ang: number): Pt => [s.c[0] + s.r * Math.cos(ang), s.c[1] + s.r * Math.sin(ang)];
  if (inside(t0, s0, ss) || inside(t0 + ts, s0, ss) || inside(s0, t0, ts)) {
    pts.push(at(t0), at(t0 + ts));
  } else {
    // Touching at endpoints only.
    for (const a of [t0, t0 + ts]) {
      for (const b of [s0, s0 + ss])
        if (Math.abs(norm(a - b + Math.PI) - Math.PI) <= aTol) pts.push(at(a));
    }
    if (Math.abs(norm(t0 - s0 + Math.PI) - Math.PI) <= aTol && Math.abs(ts - ss) <= aTol) {
      pts.push(at(s0 + ss / 2)); // identical arcs
    }
  }
  return pts;
}

/** Signed area swept between the origin-free chord and the segment, traversed a→b (or b→a). */
export function signedAreaTerm(s: Seg, reversed: boolean): number {
  if (s.kind === "circle") return (reversed ? -1 : 1) * Math.PI * s.r * s.r;
  const [p, q] = reversed ? [s.b, s.a] : [s.a, s.b];
  let area = cross(p, q) / 2;
  if (s.kind === "arc") {
    const seg = (s.r * s.r * (s.sweep - Math.sin(s.sweep))) / 2;
    area += reversed ? -seg : seg;
  }
  return area;
}

/**
 * Winding angle of segment `s` (traversed a→b, or b→a when `reversed`) seen from `p`, exact for
 * arcs: the chord's angle plus a full turn when `p` lies between chord and arc.
 */
export function windingTerm(s: Seg, reversed: boolean, p: Pt): number {
  if (s.kind === "circle") return (dist(p, s.c) < s.r ? TAU : 0) * (reversed ? -1 : 1);
  const [from, to] = reversed ? [s.b, s.a] : [s.a, s.b];
  const u = sub(from, p);
  const v = sub(to, p);
  let angle = Math.atan2(cross(u, v), dot(u, v));
  if (s.kind === "arc" && dist(p, s.c) < s.r) {
    const chord = sub(s.b, s.a);
    const mid = pointAt(s, 0.5);
    const side = (x: Pt): number => Math.sign(cross(chord, sub(x, s.a)));
    if (side(p) !== 0 && side(p) === side(mid)) angle += reversed ? -TAU : TAU;
  }
  return angle;
}
