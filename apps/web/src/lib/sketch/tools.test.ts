import { describe, expect, it } from "vitest";
import { click, finish, nextEntityId, preview, type ToolState } from "./tools.ts";
import { snap, gridStep } from "./snap.ts";
import { arcSweep, distanceTo, outline, toPlane, toWorld, BASE_FRAMES } from "./geometry.ts";
import type { Vec2 } from "./geometry.ts";
import { entityId, type SketchEntity } from "@kerf/document";

const run = (kind: ToolState["kind"], pts: Vec2[]) => {
  let s: ToolState = { kind, points: [] };
  const created = [];
  for (const p of pts) {
    const r = click(s, p);
    s = r.state;
    if (r.created) created.push(r.created);
  }
  return { s, created };
};

describe("sketch tools", () => {
  it("rectangle from two corners in any order (D4 rect: lower-left corner, sizes > 0)", () => {
    const { created } = run("rect", [
      [20, 10],
      [-20, -10],
    ]);
    expect(created).toEqual([
      { type: "rect", construction: false, x: -20, y: -10, width: 40, height: 20 },
    ]);
  });

  it("a zero-size rectangle is not created", () => {
    const { created, s } = run("rect", [
      [0, 0],
      [5, 0],
    ]);
    expect(created).toEqual([]);
    expect(s.points).toEqual([[0, 0]]);
  });

  it("lines chain from the last end point", () => {
    const { created, s } = run("line", [
      [0, 0],
      [10, 0],
      [10, 5],
    ]);
    expect(created).toHaveLength(2);
    expect(created[1]).toMatchObject({ x1: 10, y1: 0, x2: 10, y2: 5 });
    expect(s.points).toEqual([[10, 5]]);
  });

  it("polyline closes on its first point and finishes open on a repeated point", () => {
    const closed = run("polyline", [
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 0],
    ]);
    expect(closed.created[0]).toMatchObject({
      type: "polyline",
      closed: true,
      points: [
        [0, 0],
        [10, 0],
        [10, 10],
      ],
    });
    const open = run("polyline", [
      [0, 0],
      [10, 0],
      [10, 0],
    ]);
    expect(open.created[0]).toMatchObject({
      closed: false,
      points: [
        [0, 0],
        [10, 0],
      ],
    });
    const s: ToolState = {
      kind: "polyline",
      points: [
        [0, 0],
        [5, 5],
        [9, 1],
      ],
    };
    expect(finish(s).created).toMatchObject({ closed: false });
  });

  it("circle from centre and a point; arc counter-clockwise from start to end", () => {
    expect(
      run("circle", [
        [1, 2],
        [4, 6],
      ]).created[0],
    ).toEqual({ type: "circle", construction: false, cx: 1, cy: 2, r: 5 });
    const arc = run("arc", [
      [0, 0],
      [10, 0],
      [0, 10],
    ]).created[0];
    expect(arc).toEqual({
      type: "arc",
      construction: false,
      cx: 0,
      cy: 0,
      r: 10,
      start: 0,
      end: 90,
    });
  });

  it("previews the entity under the cursor", () => {
    expect(preview({ kind: "rect", points: [[0, 0]] }, [2, 3])).toMatchObject({
      width: 2,
      height: 3,
    });
    expect(preview({ kind: "rect", points: [] }, [2, 3])).toBeNull();
  });

  it("allocates the next free entity id per type", () => {
    expect(nextEntityId([{ id: "r1" }, { id: "r2" }, { id: "c1" }], "rect")).toBe("r3");
    expect(nextEntityId([], "polyline")).toBe("p1");
  });
});

describe("snapping", () => {
  it("prefers an existing point within tolerance, else the grid", () => {
    expect(snap([9.7, 0.2], [[10, 0]], 0.5, 1)).toEqual({ point: [10, 0], kind: "point" });
    expect(snap([9.3, 0.2], [[10, 0]], 0.5, 1)).toEqual({ point: [9, 0], kind: "grid" });
    expect(snap([0.13, 0.27], [], 1, 0.1).point).toEqual([0.1, 0.3]);
  });

  it("grid steps are 1, 2 or 5 × 10^k", () => {
    expect(gridStep(0.1, 14)).toBe(2);
    expect(gridStep(0.01, 14)).toBe(0.2);
    expect(gridStep(1, 14)).toBe(20);
  });
});

describe("sketch geometry", () => {
  it("[D4] base frames map plane points to world and back", () => {
    expect(toWorld(BASE_FRAMES.XZ, [3, 4])).toEqual([3, 0, 4]);
    expect(toWorld(BASE_FRAMES.YZ, [3, 4])).toEqual([0, 3, 4]);
    expect(toPlane(BASE_FRAMES.XY, [5, 6, 7])).toEqual([5, 6]);
  });

  it("[D4] arc sweep runs counter-clockwise, (end − start) mod 360", () => {
    expect(arcSweep(0, 90)).toBe(90);
    expect(arcSweep(270, 90)).toBe(180);
    expect(arcSweep(90, 0)).toBe(270);
  });

  it("distance to outlines", () => {
    const rect: SketchEntity = {
      type: "rect",
      id: entityId("r1"),
      construction: false,
      x: 0,
      y: 0,
      width: 10,
      height: 5,
    };
    expect(distanceTo(rect, [5, 7])).toBeCloseTo(2);
    expect(outline(rect)[0]).toHaveLength(5);
    const c: SketchEntity = {
      type: "circle",
      id: entityId("c1"),
      construction: false,
      cx: 0,
      cy: 0,
      r: 3,
    };
    expect(distanceTo(c, [5, 0])).toBeCloseTo(2);
  });
});
