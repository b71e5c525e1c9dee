/**
 * Sketch drawing tools as small state machines over clicked points (already snapped, in the
 * sketch frame). A click may create an entity; `preview` gives the rubber-band entity under the
 * cursor. No DOM, no three.js: the tools are unit-tested.
 */
import type { SketchEntity } from "@kerf/document";
import type { Vec2 } from "./geometry.ts";

export type ToolKind = "select" | "line" | "polyline" | "rect" | "circle" | "arc";

type Omit2<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** An entity before it has an id. */
export type EntityDraft = Omit2<SketchEntity, "id">;

export interface ToolState {
  kind: ToolKind;
  points: Vec2[];
}

export const TOOL_LABELS: Record<ToolKind, string> = {
  select: "Select",
  line: "Line",
  polyline: "Polyline",
  rect: "Rectangle",
  circle: "Circle",
  arc: "Arc",
};

export const TOOL_HINTS: Record<ToolKind, string[]> = {
  select: ["Click an entity to select it; Delete removes it."],
  line: ["Click the start point.", "Click the end point (Esc to stop)."],
  polyline: [
    "Click the first point.",
    "Click more points; click the first point to close, Enter to finish.",
  ],
  rect: ["Click the first corner.", "Click the opposite corner."],
  circle: ["Click the centre.", "Click a point on the circle."],
  arc: ["Click the centre.", "Click the start point.", "Click the end point (counter-clockwise)."],
};

export function hint(s: ToolState): string {
  const hints = TOOL_HINTS[s.kind];
  return hints[Math.min(s.points.length, hints.length - 1)] ?? "";
}

/** Round away float noise (1e-6 mm) so stored values stay readable. */
export const tidy = (n: number): number => {
  const r = Math.round(n * 1e6) / 1e6;
  return Object.is(r, -0) ? 0 : r;
};

const same = (a: Vec2, b: Vec2) => Math.abs(a[0] - b[0]) < 1e-9 && Math.abs(a[1] - b[1]) < 1e-9;
const angle = (c: Vec2, p: Vec2) => tidy((Math.atan2(p[1] - c[1], p[0] - c[0]) * 180) / Math.PI);

function rectFrom(a: Vec2, b: Vec2): EntityDraft | null {
  const w = Math.abs(b[0] - a[0]);
  const h = Math.abs(b[1] - a[1]);
  if (w < 1e-9 || h < 1e-9) return null;
  return {
    type: "rect",
    construction: false,
    x: tidy(Math.min(a[0], b[0])),
    y: tidy(Math.min(a[1], b[1])),
    width: tidy(w),
    height: tidy(h),
  };
}

function polylineFrom(points: Vec2[], closed: boolean): EntityDraft | null {
  if (points.length < (closed ? 3 : 2)) return null;
  return {
    type: "polyline",
    construction: false,
    points: points.map((p) => [tidy(p[0]), tidy(p[1])] as [number, number]),
    closed,
  };
}

/** The entity the tool would make with the cursor at `cursor`. */
export function preview(s: ToolState, cursor: Vec2): EntityDraft | null {
  const [a, b] = s.points;
  switch (s.kind) {
    case "select":
      return null;
    case "line":
      return a && !same(a, cursor)
        ? { type: "line", construction: false, x1: a[0], y1: a[1], x2: cursor[0], y2: cursor[1] }
        : null;
    case "polyline":
      return s.points.length ? polylineFrom([...s.points, cursor], false) : null;
    case "rect":
      return a ? rectFrom(a, cursor) : null;
    case "circle": {
      if (!a) return null;
      const r = Math.hypot(cursor[0] - a[0], cursor[1] - a[1]);
      return r > 1e-9 ? { type: "circle", construction: false, cx: a[0], cy: a[1], r } : null;
    }
    case "arc": {
      if (!a) return null;
      if (!b) {
        const r = Math.hypot(cursor[0] - a[0], cursor[1] - a[1]);
        return r > 1e-9 ? { type: "circle", construction: true, cx: a[0], cy: a[1], r } : null;
      }
      const r = Math.hypot(b[0] - a[0], b[1] - a[1]);
      const start = angle(a, b);
      const end = angle(a, cursor);
      return r > 1e-9 && start !== end
        ? { type: "arc", construction: false, cx: a[0], cy: a[1], r, start, end }
        : null;
    }
    default: {
      const never: never = s.kind;
      throw new Error(`unknown tool ${String(never)}`);
    }
  }
}

export interface ClickResult {
  state: ToolState;
  created: EntityDraft | null;
}

/**
 * Apply a click at `p`. For the polyline, a click on its first point closes it and a click on
 * its last point (a double click) finishes it open.
 */
export function click(s: ToolState, p: Vec2): ClickResult {
  const pts = [...s.points];
  const idle = (created: EntityDraft | null, points: Vec2[] = []): ClickResult => ({
    state: { kind: s.kind, points },
    created,
  });
  switch (s.kind) {
    case "select":
      return idle(null);
    case "line": {
      const a = pts[0];
      if (!a) return idle(null, [p]);
      if (same(a, p)) return idle(null, [a]);
      const created: EntityDraft = {
        type: "line",
        construction: false,
        x1: tidy(a[0]),
        y1: tidy(a[1]),
        x2: tidy(p[0]),
        y2: tidy(p[1]),
      };
      return idle(created, [p]); // chain: the next line starts where this one ended
    }
    case "polyline": {
      const first = pts[0];
      const last = pts[pts.length - 1];
      if (first && pts.length >= 3 && same(first, p)) return idle(polylineFrom(pts, true));
      if (last && same(last, p)) return idle(polylineFrom(pts, false));
      return idle(null, [...pts, p]);
    }
    case "rect": {
      const a = pts[0];
      if (!a) return idle(null, [p]);
      const created = rectFrom(a, p);
      return created ? idle(created) : idle(null, [a]);
    }
    case "circle": {
      const a = pts[0];
      if (!a) return idle(null, [p]);
      const r = tidy(Math.hypot(p[0] - a[0], p[1] - a[1]));
      if (r <= 0) return idle(null, [a]);
      return idle({ type: "circle", construction: false, cx: tidy(a[0]), cy: tidy(a[1]), r });
    }
    case "arc": {
      const [c, b] = pts;
      if (!c) return idle(null, [p]);
      if (!b) return same(c, p) ? idle(null, [c]) : idle(null, [c, p]);
      const r = tidy(Math.hypot(b[0] - c[0], b[1] - c[1]));
      const start = angle(c, b);
      const end = angle(c, p);
      if (start === end) return idle(null, [c, b]);
      return idle({
        type: "arc",
        construction: false,
        cx: tidy(c[0]),
        cy: tidy(c[1]),
        r,
        start,
        end,
      });
    }
    default: {
      const never: never = s.kind;
      throw new Error(`unknown tool ${String(never)}`);
    }
  }
}

/** Enter: finish what can be finished (an open polyline). */
export function finish(s: ToolState): ClickResult {
  if (s.kind === "polyline")
    return { state: { kind: s.kind, points: [] }, created: polylineFrom(s.points, false) };
  return { state: { kind: s.kind, points: [] }, created: null };
}

/** Prefix of new entity ids per type. */
export const ID_PREFIX: Record<SketchEntity["type"], string> = {
  line: "l",
  polyline: "p",
  rect: "r",
  circle: "c",
  arc: "a",
};

/** The next free entity id of a type: r1, r2, … */
export function nextEntityId(
  existing: readonly { id: string }[],
  type: SketchEntity["type"],
): string {
  const used = new Set(existing.map((e) => e.id));
  const prefix = ID_PREFIX[type];
  for (let i = 1; ; i++) if (!used.has(`${prefix}${i}`)) return `${prefix}${i}`;
}
