/**
 * The shared examples (examples/, copies of ../shared/examples) build, with volumes computed by hand, and their
 * refs resolve (document.md D4–D5, references.md R2–R4).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ModelBuilder } from "../builder.ts";
import { resolveRef } from "../naming/resolve.ts";
import { loadOC, type OC } from "../oc/load.ts";
import {
  EXAMPLE_VOLUMES,
  example,
  exampleNames,
  facesAt,
  nameProblems,
  volumeOf,
} from "./testing.ts";

let oc: OC;
let builder: ModelBuilder;
beforeAll(async () => {
  oc = await loadOC();
  builder = new ModelBuilder(oc);
});
afterAll(() => builder.dispose());

describe("shared examples", () => {
  it("[D5] every example has a hand-computed volume and builds to it", () => {
    const names = exampleNames();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      expect(EXAMPLE_VOLUMES[name], `hand volume for examples/${name}.kerf.xml`).toBeDefined();
      const m = builder.build(example(name));
      expect(m.features.every((f) => f.status === "ok")).toBe(true);
      expect(volumeOf(m.body!) / EXAMPLE_VOLUMES[name]! - 1).toBeCloseTo(0, 9);
    }
  });

  it("[D5] plate: 40×20×10 block minus a Ø8 through hole", () => {
    const m = builder.build(example("plate"));
    expect(m.features.map((f) => f.status)).toEqual(["ok", "ok"]);
    // 40·20·10 − π·4²·10 (EXAMPLE_VOLUMES)
    expect(volumeOf(m.body!)).toBeCloseTo(EXAMPLE_VOLUMES.plate!, 6);
    expect(nameProblems(oc, m.body!)).toEqual([]);
    expect(m.body!.faces.map((f) => f.name)).toEqual([
      "e1:bottom",
      "e1:side:c1",
      "e1:side:r1.bottom",
      "e1:side:r1.left",
      "e1:side:r1.right",
      "e1:side:r1.top",
      "e1:top",
    ]);
    // R2: top is the end cap (z = 10), side:r1.right the face swept from x = 20.
    expect(facesAt(oc, m.body!, [0, 5, 10])).toEqual(["e1:top"]);
    expect(facesAt(oc, m.body!, [20, 0, 5])).toEqual(["e1:side:r1.right"]);
    expect(facesAt(oc, m.body!, [4, 0, 5])).toEqual(["e1:side:c1"]);
  });

  it("[D5] bracket: L-profile × 30, two Ø6 holes through the 6 mm leg, R4 fillet in the inner corner", () => {
    const m = builder.build(example("bracket"));
    expect(m.features.map((f) => `${f.id}:${f.status}`)).toEqual([
      "s1:ok",
      "e1:ok",
      "s2:ok",
      "e2:ok",
      "f1:ok",
    ]);
    // L-profile area 60·6 + 6·34 = 564, × 30 (symmetric) = 16920;
    // holes: 2·π·3²·6 = 108π; the fillet is on the concave inner corner edge
    // (p1.2 = top of the leg at z=6, p1.3 = inner face of the upright at x=6), so it ADDS
    // (r² − πr²/4)·30 = (16 − 4π)·30 = 480 − 120π.
    expect(volumeOf(m.body!)).toBeCloseTo(EXAMPLE_VOLUMES.bracket!, 4);
    expect(nameProblems(oc, m.body!)).toEqual([]);
    const names = m.body!.faces.map((f) => f.name);
    expect(names).toContain("e2:side:h1");
    expect(names).toContain("e2:side:h2");
    expect(names).toContain("f1:blend[e1:side:p1.2|e1:side:p1.3]");
    // D4.1: s2 sits on the leg's top (z = 6) with x = X, y = Y: h1 at (33, −8), h2 at (33, 8).
    expect(facesAt(oc, m.body!, [36, -8, 3])).toEqual(["e2:side:h1"]);
    expect(facesAt(oc, m.body!, [36, 8, 3])).toEqual(["e2:side:h2"]);
    // R3.3: the filleted edge is consumed by f1.
    const r = resolveRef(m.body!, "edge:e1:side:p1.2|e1:side:p1.3", "edges");
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe("REF_CONSUMED");
      expect(r.error.message).toContain("face:f1:blend[e1:side:p1.2|e1:side:p1.3]");
      expect(r.error.message).toContain("fillet f1");
    }
  });

  it("[D5] knob: revolved profile (Pappus), Ø6 blind hole 10 deep, 1 mm chamfer on the bottom rim", () => {
    const m = builder.build(example("knob"));
    expect(m.features.every((f) => f.status === "ok")).toBe(true);
    // Revolve: cylinder r20 h8 (3200π) + frustum h6, R20→r12: π·6/3·(400+240+144) = 1568π.
    // Hole: π·3²·10 = 90π. Chamfer: triangle ½·1·1 at radius 20 − ⅓ → 2π·(59/3)·½ = 59π/3.
    expect(volumeOf(m.body!)).toBeCloseTo(EXAMPLE_VOLUMES.knob!, 4);
    expect(nameProblems(oc, m.body!)).toEqual([]);
    const names = m.body!.faces.map((f) => f.name);
    expect(names).toEqual([
      "e1:side:c1",
      "e1:top",
      "k1:blend[v1:side:p1.0|v1:side:p1.1]",
      "v1:side:p1.0",
      "v1:side:p1.1",
      "v1:side:p1.2",
      "v1:side:p1.3",
    ]);
    // The hole floor is the cut's top (R2.1), 10 below the knob's top face (z = 14).
    expect(facesAt(oc, m.body!, [0, 0, 4])).toEqual(["e1:top"]);
    // Seams are X|X (R1).
    expect(m.body!.edges.map((e) => e.name)).toContain("v1:side:p1.1|v1:side:p1.1");
  });

  it("[R3.4] the examples' refs resolve against the body before their feature", () => {
    // bracket s2's plane and f1's edge, resolved on the body after e2 (rollback to f1).
    const before = builder.build(example("bracket"), { rollbackIndex: 4 });
    expect(resolveRef(before.body!, "face:e1:side:p1.2", "plane").ok).toBe(true);
    const edge = resolveRef(before.body!, "edge:e1:side:p1.2|e1:side:p1.3", "edges");
    expect(edge.ok && edge.value.edges.length).toBe(1);
    const knob = builder.build(example("knob"), { rollbackIndex: 4 });
    expect(resolveRef(knob.body!, "face:v1:side:p1.3", "plane").ok).toBe(true);
    expect(resolveRef(knob.body!, "edge:v1:side:p1.0|v1:side:p1.1", "edges").ok).toBe(true);
  });
});
