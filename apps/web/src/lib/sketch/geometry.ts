/**
 * Sketch geometry in the sketch's own 2D frame (D4): plane frames, entity outlines for drawing,
 * snap points, and distance from a point to an entity for picking.
 */
import type { SketchEntity, SketchPlane } from "@kerf/document";
import type { Frame, Vec3 } from "@kerf/kernel";

export type Vec2 = [number, number];

/** The frames of the three base planes (D4). */
export const BASE_FRAMES: Record<"XY" | "XZ" | "YZ", Frame> = {
  XY: { origin: [0, 0, 0], xDir: [1, 0, 0], yDir: [0, 1, 0], normal: [0, 0, 1] },
  XZ: { origin: [0, 0, 0], xDir: [1, 0, 0], yDir: [0, 0, 1], normal: [0, -1, 0] },
  YZ: { origin: [0, 0, 0], xDir: [0, 1, 0], yDir: [0, 0, 1], normal: [1, 0, 0] },
};

export function isBasePlane(p: SketchPlane): p is "XY" | "XZ" | "YZ" {
  return p === "XY" || p === "XZ" || p === "YZ";
}

/** A frame moved `offset` along its normal. */
export function offsetFrame(f: Frame, offset: number): Frame {
  const o: Vec3 = [
    f.origin[0] + f.normal[0] * offset,
    f.origin[1] + f.normal[1] * offset,
    f.origin[2] + f.normal[2] * offset,
  ];
  return { ...f, origin: o };
}

export function toWorld(f: Frame, p: Vec2): Vec3 {
  return [
    f.origin[0] + f.xDir[0] * p[0] + f.yDir[0] * p[1],
    f.origin[1] + f.xDir[1] * p[0] + f.yDir[1] * p[1],
    f.origin[2] + f.xDir[2] * p[0] + f.yDir[2] * p[1],
  ];
}

export function toPlane(f: Frame, w: Vec3): Vec2 {
  const d: Vec3 = [w[0] - f.origin[0], w[1] - f.origin[1], w[2] - f.origin[2]];
  return [
    d[0] * f.xDir[0] + d[1] * f.xDir[1] + d[2] * f.xDir[2],
    d[0] * f.yDir[0] + d[1] * f.yDir[1] + d[2] * f.yDir[2],
  ];
}

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Counter-clockwise sweep of an arc in degrees, in (0, 360]. */
export function arcSweep(start: number, end: number): number {
  const s = (((end - start) % 360) + 360) % 360;
  return s === 0 ? 360 : s;
}

/** Polylines (in the sketch frame) that draw an entity. */
export function outline(e: SketchEntity, segmentsPerTurn = 96): Vec2[][] {
  switch (e.type) {
    case "line":
      return [
        [
          [e.x1, e.y1],
          [e.x2, e.y2],
        ],
      ];
    case "rect": {
      const { x, y, width: w, height: h } = e;
      return [
        [
          [x, y],
          [x + w, y],
          [x + w, y + h],
          [x, y + h],
          [x, y],
        ],
      ];
    }
    case "polyline": {
      const pts = e.points.map((p) => [p[0], p[1]] as Vec2);
      if (e.closed && pts.length > 2) pts.push(pts[0]!);
      return [pts];
    }
    case "circle": {
      const pts: Vec2[] = [];
      for (let i = 0; i <= segmentsPerTurn; i++) {
        const a = (i / segmentsPerTurn) * Math.PI * 2;
        pts.push([e.cx + e.r * Math.cos(a), e.cy + e.r * Math.sin(a)]);
      }
      return [pts];
    }
    case "arc": {
      const sweep = arcSweep(e.start, e.end);
      const n = Math.max(4, Math.ceil((sweep / 360) * segmentsPerTurn));
      const pts: Vec2[] = [];
      for (let i = 0; i <= n; i++) {
        const a = rad(e.start + (sweep * i) / n);
        pts.push([e.cx + e.r * Math.cos(a), e.cy + e.r * Math.sin(a)]);
      }
      return [pts];
    }
    default: {
      const never: never = e;
      throw new Error(`unknown entity ${JSON.stringify(never)}`);
    }
  }
}

/** Points a new entity may snap to: ends, corners and centres. */
export function snapPoints(e: SketchEntity): Vec2[] {
  switch (e.type) {
    case "line":
      return [
        [e.x1, e.y1],
        [e.x2, e.y2],
        [(e.x1 + e.x2) / 2, (e.y1 + e.y2) / 2],
      ];
    case "rect":
      return [
        [e.x, e.y],
        [e.x + e.width, e.y],
        [e.x + e.width, e.y + e.height],
        [e.x, e.y + e.height],
      ];
    case "polyline":
      return e.points.map((p) => [p[0], p[1]] as Vec2);
    case "circle":
      return [[e.cx, e.cy]];
    case "arc":
      return [
        [e.cx, e.cy],
        [e.cx + e.r * Math.cos(rad(e.start)), e.cy + e.r * Math.sin(rad(e.start))],
        [e.cx + e.r * Math.cos(rad(e.end)), e.cy + e.r * Math.sin(rad(e.end))],
      ];
    default: {
      const never: never = e;
      throw new Error(`unknown entity ${JSON.stringify(never)}`);
    }
  }
}

function distToSegment(p: Vec2, a: Vec2, b: Vec2): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const l2 = dx * dx + dy * dy;
  let t = l2 > 0 ? ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / l2 : 0;
  t = Math.max(0, Math.min(1, t));
  return Math.hypot(a[0] + t * dx - p[0], a[1] + t * dy - p[1]);
}

/** Distance from a point to the entity's outline (sketch units). */
export function distanceTo(e: SketchEntity, p: Vec2): number {
  if (e.type === "circle") return Math.abs(Math.hypot(p[0] - e.cx, p[1] - e.cy) - e.r);
  let best = Infinity;
  for (const line of outline(e)) {
    for (let i = 0; i + 1 < line.length; i++) {
      best = Math.min(best, distToSegment(p, line[i]!, line[i + 1]!));
    }
  }
  return best;
}

/** Bounds of entities in the sketch frame, or null when there are none. */
export function bounds(entities: readonly SketchEntity[]): { min: Vec2; max: Vec2 } | null {
  let min: Vec2 = [Infinity, Infinity];
  let max: Vec2 = [-Infinity, -Infinity];
  for (const e of entities) {
    for (const line of outline(e, 24)) {
      for (const [x, y] of line) {
        min = [Math.min(min[0], x), Math.min(min[1], y)];
        max = [Math.max(max[0], x), Math.max(max[1], y)];
      }
    }
  }
  return Number.isFinite(min[0]) ? { min, max } : null;
}
