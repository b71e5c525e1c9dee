import { describe, expect, it } from "vitest";
import { entityId, type SketchEntity } from "@kerf/document";
import { buildProfile, segmentsOf } from "./profile.ts";

const rect = (id: string, x: number, y: number, width: number, height: number): SketchEntity => ({
  type: "rect",
  id: entityId(id),
  construction: false,
  x,
  y,
  width,
  height,
});
const circle = (id: string, cx: number, cy: number, r: number): SketchEntity => ({
  type: "circle",
  id: entityId(id),
  construction: false,
  cx,
  cy,
  r,
});
const line = (
  id: string,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  construction = false,
): SketchEntity => ({
  type: "line",
  id: entityId(id),
  construction,
  x1,
  y1,
  x2,
  y2,
});
const arc = (
  id: string,
  cx: number,
  cy: number,
  r: number,
  start: number,
  end: number,
): SketchEntity => ({
  type: "arc",
  id: entityId(id),
  construction: false,
  cx,
  cy,
  r,
  start,
  end,
});
const poly = (id: string, pts: [number, number][], closed: boolean): SketchEntity => ({
  type: "polyline",
  id: entityId(id),
  construction: false,
  points: pts,
  closed,
});

const profile = (ents: SketchEntity[]) => buildProfile(segmentsOf(ents));

describe("sketch profiles (D4.2)", () => {
  it("[D4] names rect and polyline segments", () => {
    expect(segmentsOf([rect("r1", 0, 0, 2, 1)]).map((s) => s.name)).toEqual([
      "r1.bottom",
      "r1.right",
      "r1.top",
      "r1.left",
    ]);
    expect(
      segmentsOf([
        poly(
          "p1",
          [
            [0, 0],
            [1, 0],
            [1, 1],
          ],
          true,
        ),
      ]).map((s) => s.name),
    ).toEqual(["p1.0", "p1.1", "p1.2"]);
    expect(
      segmentsOf([
        poly(
          "p1",
          [
            [0, 0],
            [1, 0],
            [1, 1],
          ],
          false,
        ),
      ]).map((s) => s.name),
    ).toEqual(["p1.0", "p1.1"]);
  });

  it("[D4] construction entities stay out of profiles", () => {
    expect(segmentsOf([line("l1", 0, 0, 1, 0, true)])).toEqual([]);
    const r = profile([line("l1", 0, 0, 1, 0, true)]);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.code).toBe("NO_CLOSED_PROFILE");
  });

  it("[D4.2] a rect with a circle inside is one region with one hole, outer CCW, hole CW", () => {
    const r = profile([rect("r1", -20, -10, 40, 20), circle("c1", 0, 0, 4)]);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.profile.regions).toHaveLength(1);
    const reg = r.profile.regions[0]!;
    expect(reg.outer.area).toBeCloseTo(800, 9);
    expect(reg.holes).toHaveLength(1);
    expect(reg.holes[0]!.area).toBeCloseTo(-Math.PI * 16, 9);
  });

  it("[D4.2] a loop inside a hole is a new region (island)", () => {
    const r = profile([circle("a", 0, 0, 10), circle("b", 0, 0, 6), circle("c", 0, 0, 2)]);
    expect(r.ok && r.profile.regions.length).toBe(2);
  });

  it("[D4.2] joins segments end to end within 1e-4 and in any direction", () => {
    const r = profile([
      line("l1", 0, 0, 10, 0),
      line("l2", 10, 10.00005, 10, 0), // reversed and with a small gap
      arc("a1", 5, 10, 5, 0, 180),
      line("l3", 0, 10, 0, 0),
    ]);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const reg = r.profile.regions[0]!;
    expect(reg.outer.segs.map((s) => s.seg.name).sort()).toEqual(["a1", "l1", "l2", "l3"]);
    expect(reg.outer.area).toBeCloseTo(100 + (Math.PI * 25) / 2, 3);
  });

  it("[D4.2] a gap larger than 1e-4 is NO_CLOSED_PROFILE", () => {
    const r = profile([
      line("l1", 0, 0, 10, 0),
      line("l2", 10, 0, 0, 10),
      line("l3", 0, 10, 0, 0.001),
    ]);
    expect(r.ok ? "ok" : r.code).toBe("NO_CLOSED_PROFILE");
  });

  it("[D4.2] an endpoint shared by three segments is SELF_INTERSECTING_PROFILE", () => {
    const r = profile([
      poly(
        "p1",
        [
          [0, 0],
          [10, 0],
          [10, 10],
          [0, 10],
        ],
        true,
      ),
      line("l1", 0, 0, 5, 5),
    ]);
    expect(r.ok ? "ok" : r.code).toBe("SELF_INTERSECTING_PROFILE");
  });

  it("[D4.2] crossing loops are SELF_INTERSECTING_PROFILE", () => {
    const r = profile([rect("r1", 0, 0, 10, 10), circle("c1", 10, 5, 2)]);
    expect(r.ok ? "ok" : r.code).toBe("SELF_INTERSECTING_PROFILE");
    const bow = profile([
      poly(
        "p1",
        [
          [0, 0],
          [10, 10],
          [10, 0],
          [0, 10],
        ],
        true,
      ),
    ]);
    expect(bow.ok ? "ok" : bow.code).toBe("SELF_INTERSECTING_PROFILE");
  });

  it("[D4.2] a dangling open chain is ignored next to a closed loop", () => {
    const r = profile([rect("r1", 0, 0, 10, 10), line("l1", 20, 0, 30, 0)]);
    expect(r.ok && r.profile.regions.length).toBe(1);
  });

  it("[D4.2] two separate rects are two regions", () => {
    const r = profile([rect("r1", 0, 0, 10, 10), rect("r2", 20, 0, 10, 10)]);
    expect(r.ok && r.profile.regions.length).toBe(2);
  });
});
