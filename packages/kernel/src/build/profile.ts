/**
 * Sketch entities → profile regions (document.md D4, D4.2). Pure: no OpenCascade.
 *
 * Segments are joined end to end (gap ≤ 1e-4 mm) into closed loops; a loop inside another is a
 * hole, a loop inside a hole starts a new region. Outer loops come out counter-clockwise and
 * holes clockwise in the sketch frame, each junction as one shared node (so the 3D wire can be
 * built from shared vertices and its edges stay IsSame through the sweep).
 */
import type { SketchEntity } from "@kerf/document";
import {
  dist,
  intersections,
  pointAt,
  signedAreaTerm,
  windingTerm,
  type Pt,
  type Seg,
} from "./geom2d.ts";

export const JOIN_TOL = 1e-4;
const DEG = Math.PI / 180;

export interface LoopSeg {
  seg: Seg;
  /** Traversed b→a. */
  reversed: boolean;
  /** Node indices (into `Profile.nodes`) at the traversal start and end. */
  from: number;
  to: number;
}

export interface Loop {
  segs: LoopSeg[];
  /** Signed area as traversed (> 0: counter-clockwise). */
  area: number;
}

export interface Region {
  outer: Loop;
  holes: Loop[];
}

export interface Profile {
  /** Junction points; a closed circle has none. */
  nodes: Pt[];
  regions: Region[];
}

export type ProfileResult =
  | { ok: true; profile: Profile }
  | { ok: false; code: "NO_CLOSED_PROFILE" | "SELF_INTERSECTING_PROFILE"; message: string };

/** The named segments of the non-construction entities (D4 table), skipping `exclude` ids. */
export function segmentsOf(entities: SketchEntity[], exclude: Set<string> = new Set()): Seg[] {
  const out: Seg[] = [];
  const line = (name: string, a: Pt, b: Pt): void => {
    if (dist(a, b) > 1e-9) out.push({ kind: "line", name, a, b });
  };
  for (const e of entities) {
    if (e.construction || exclude.has(e.id)) continue;
    switch (e.type) {
      case "line":
        line(e.id, [e.x1, e.y1], [e.x2, e.y2]);
        break;
      case "arc": {
        let sweep = (((e.end - e.start) % 360) + 360) % 360;
        if (sweep === 0) break; // a full turn is a circle (D4); static validation reports it
        sweep *= DEG;
        const a0 = e.start * DEG;
        const at = (ang: number): Pt => [e.cx + e.r * Math.cos(ang), e.cy + e.r * Math.sin(ang)];
        out.push({
          kind: "arc",
          name: e.id,
          c: [e.cx, e.cy],
          r: e.r,
          a0,
          sweep,
          a: at(a0),
          b: at(a0 + sweep),
        });
        break;
      }
      case "circle": {
        const p: Pt = [e.cx + e.r, e.cy];
        out.push({ kind: "circle", name: e.id, c: [e.cx, e.cy], r: e.r, a: p, b: p });
        break;
      }
      case "rect": {
        const { x, y, width: w, height: h } = e;
        line(`${e.id}.bottom`, [x, y], [x + w, y]);
        line(`${e.id}.right`, [x + w, y], [x + w, y + h]);
        line(`${e.id}.top`, [x + w, y + h], [x, y + h]);
        line(`${e.id}.left`, [x, y + h], [x, y]);
        break;
      }
      case "polyline": {
        const pts = e.points;
        const n = e.closed ? pts.length : pts.length - 1;
        for (let k = 0; k < n; k++) {
          line(`${e.id}.${k}`, pts[k]!, pts[(k + 1) % pts.length]!);
        }
        break;
      }
      default: {
        const never: never = e;
        throw new Error(`unknown entity ${JSON.stringify(never)}`);
      }
    }
  }
  return out;
}

const fmt = (p: Pt): string => `(${+p[0].toFixed(6)}, ${+p[1].toFixed(6)})`;

/** Join segments into loops and regions (D4.2). */
export function buildProfile(segs: Seg[]): ProfileResult {
  // 1. Cluster endpoints into nodes. Arc ends are exact (they lie on their circle); prefer them
  //    as the node position so that the 3D edges can share the vertex without a gap.
  const nodes: Pt[] = [];
  const nodeIsArc: boolean[] = [];
  const nodeOf = (p: Pt, exact: boolean): number => {
    let i = nodes.findIndex((q) => dist(p, q) <= JOIN_TOL);
    if (i < 0) {
      i = nodes.push(p) - 1;
      nodeIsArc.push(exact);
    } else if (exact && !nodeIsArc[i]) {
      nodes[i] = p;
      nodeIsArc[i] = true;
    }
    return i;
  };
  interface Link {
    seg: Seg;
    a: number;
    b: number;
  }
  const links: Link[] = [];
  const circles: Seg[] = [];
  for (const s of segs) {
    if (s.kind === "circle") {
      circles.push(s);
      continue;
    }
    const a = nodeOf(s.a, s.kind === "arc");
    const b = nodeOf(s.b, s.kind === "arc");
    if (a === b) continue; // shorter than the join tolerance: no segment
    links.push({ seg: s, a, b });
  }
  const incident: number[][] = nodes.map(() => []);
  links.forEach((l, i) => {
    incident[l.a]!.push(i);
    incident[l.b]!.push(i);
  });
  for (let n = 0; n < nodes.length; n++) {
    const inc = incident[n]!;
    if (inc.length > 2) {
      const names = inc.map((i) => links[i]!.seg.name).join(", ");
      return {
        ok: false,
        code: "SELF_INTERSECTING_PROFILE",
        message: `the point ${fmt(nodes[n]!)} is shared by ${inc.length} segments (${names}); a profile point joins exactly two. Split the sketch so that loops only meet end to end.`,
      };
    }
  }

  // 2. Walk closed loops; chains with an open end are not part of any profile.
  const used = new Array<boolean>(links.length).fill(false);
  const loops: Loop[] = circles.map((c) => ({
    segs: [{ seg: c, reversed: false, from: -1, to: -1 }],
    area: signedAreaTerm(c, false),
  }));
  for (let start = 0; start < links.length; start++) {
    if (used[start]) continue;
    const home = links[start]!.a;
    const chain: LoopSeg[] = [];
    let cur = start;
    let at = home;
    let closed = false;
    for (;;) {
      const l = links[cur]!;
      used[cur] = true;
      const reversed = l.a !== at;
      const next = reversed ? l.a : l.b;
      chain.push({ seg: l.seg, reversed, from: at, to: next });
      if (next === home) {
        closed = true;
        break;
      }
      const nextLink = incident[next]!.find((i) => i !== cur);
      if (nextLink === undefined || used[nextLink]) break;
      cur = nextLink;
      at = next;
    }
    if (!closed) {
      // An open chain: also consume the part of it behind `start`. It is not a profile.
      markChain(links, incident, used, home, start);
      continue;
    }
    const area = chain.reduce((sum, c) => sum + signedAreaTerm(c.seg, c.reversed), 0);
    loops.push({ segs: chain, area });
  }
  if (loops.length === 0) {
    return {
      ok: false,
      code: "NO_CLOSED_PROFILE",
      message:
        segs.length === 0
          ? "the sketch has no segments outside construction geometry; draw a closed shape (rect, circle, closed polyline)"
          : "the sketch has no closed loop: its segments do not join end to end (gap tolerance 1e-4 mm); close the outline",
    };
  }

  // 3. Loops must not cross or touch (D4.2).
  const crossing = findCrossing(loops, nodes);
  if (crossing) return { ok: false, code: "SELF_INTERSECTING_PROFILE", message: crossing };

  // 4. Nesting: depth = number of loops containing a point of this loop.
  const probe = loops.map((l) => pointAt(l.segs[0]!.seg, 0.5));
  const contains = (outer: Loop, p: Pt): boolean => {
    const w = outer.segs.reduce((s, c) => s + windingTerm(c.seg, c.reversed, p), 0);
    return Math.abs(Math.round(w / (2 * Math.PI))) % 2 === 1;
  };
  const parents = loops.map((_, i) =>
    loops.map((_, j) => j).filter((j) => j !== i && contains(loops[j]!, probe[i]!)),
  );
  const depth = parents.map((p) => p.length);
  const regions: Region[] = [];
  const regionOf = new Map<number, Region>();
  const oriented = (l: Loop, ccw: boolean): Loop => (l.area > 0 === ccw ? l : reverseLoop(l));
  loops.forEach((l, i) => {
    if (depth[i]! % 2 === 0) {
      const r: Region = { outer: oriented(l, true), holes: [] };
      regions.push(r);
      regionOf.set(i, r);
    }
  });
  loops.forEach((l, i) => {
    if (depth[i]! % 2 === 1) {
      const parent = parents[i]!.find((j) => depth[j] === depth[i]! - 1);
      regionOf.get(parent!)!.holes.push(oriented(l, false));
    }
  });
  return { ok: true, profile: { nodes, regions } };
}

function markChain(
  links: { a: number; b: number }[],
  incident: number[][],
  used: boolean[],
  node: number,
  from: number,
): void {
  let cur = from;
  let at = node;
  for (;;) {
    const next = incident[at]!.find((i) => i !== cur && !used[i]);
    if (next === undefined) return;
    used[next] = true;
    const l = links[next]!;
    at = l.a === at ? l.b : l.a;
    cur = next;
  }
}

function reverseLoop(l: Loop): Loop {
  const segs = [...l.segs]
    .reverse()
    .map((s) => ({ seg: s.seg, reversed: !s.reversed, from: s.to, to: s.from }));
  return { segs, area: -l.area };
}

/** A message naming two crossing segments, or null. Meeting at a shared node is allowed. */
function findCrossing(loops: Loop[], nodes: Pt[]): string | null {
  const all = loops.flatMap((l) => l.segs);
  for (let i = 0; i < all.length; i++) {
    for (let j = i + 1; j < all.length; j++) {
      const s = all[i]!;
      const t = all[j]!;
      const shared = [s.from, s.to].filter((n) => n >= 0 && (n === t.from || n === t.to));
      for (const p of intersections(s.seg, t.seg)) {
        if (shared.some((n) => dist(p, nodes[n]!) <= 2 * JOIN_TOL)) continue;
        return `${s.seg.name} and ${t.seg.name} cross or touch at ${fmt(p)}; profile loops must not cross. Move one of them or trim both to meet end to end.`;
      }
      // Two segments joined at both ends (a two-segment loop) are fine; folding back on itself
      // (collinear overlap past the shared node) is reported by `intersections` above.
    }
  }
  return null;
}
