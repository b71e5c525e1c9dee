import { describe, expect, it } from "vitest";
import { entityId, featureId, refString, type Feature, type Model } from "@kerf/document";
import { rebase } from "./rebase.ts";

const sketch = (id: string, w = 40): Feature => ({
  type: "sketch",
  id: featureId(id),
  suppressed: false,
  plane: "XY",
  offset: 0,
  entities: [
    { type: "rect", id: entityId("r1"), construction: false, x: 0, y: 0, width: w, height: 20 },
  ],
});
const extrude = (id: string, sk: string, distance = 10): Feature => ({
  type: "extrude",
  id: featureId(id),
  suppressed: false,
  sketch: featureId(sk),
  distance,
  direction: "normal",
  op: "add",
  extent: "blind",
});
const fillet = (id: string, radius = 2): Feature => ({
  type: "fillet",
  id: featureId(id),
  suppressed: false,
  edges: [refString("edge:e1:side:r1.top|e1:top")],
  radius,
});
const model = (...features: Feature[]): Model => ({ version: 1, units: "mm", name: "M", features });
const ids = (m: Model) => m.features.map((f) => f.id);

describe("L7 rebase of a proposal onto a changed document", () => {
  const base = model(sketch("s1"), extrude("e1", "s1"));

  it("[L7] keeps features the user added meanwhile, after the one they followed", () => {
    const proposal = model(sketch("s1"), extrude("e1", "s1"), fillet("f1"));
    const current = model(sketch("s1"), sketch("s2"), extrude("e1", "s1"));
    const r = rebase(base, proposal, current);
    expect(r.ok && ids(r.model)).toEqual(["s1", "s2", "e1", "f1"]);
  });

  it("[L7] takes each side's change to different features", () => {
    const proposal = model(sketch("s1"), extrude("e1", "s1", 25));
    const current = model(sketch("s1", 60), extrude("e1", "s1"));
    const r = rebase(base, proposal, current);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.model.features[0]).toEqual(sketch("s1", 60));
    expect(r.model.features[1]).toEqual(extrude("e1", "s1", 25));
  });

  it("[L7] refuses when a feature changed in both", () => {
    const proposal = model(sketch("s1"), extrude("e1", "s1", 25));
    const current = model(sketch("s1"), extrude("e1", "s1", 5));
    expect(rebase(base, proposal, current)).toEqual({ ok: false, conflicts: ["e1"] });
  });

  it("[L7] refuses when one side removed what the other changed", () => {
    const proposal = model(sketch("s1"));
    const current = model(sketch("s1"), extrude("e1", "s1", 5));
    expect(rebase(base, proposal, current)).toEqual({ ok: false, conflicts: ["e1"] });
  });

  it("[L7] the same change on both sides is no conflict", () => {
    const both = model(sketch("s1"), extrude("e1", "s1", 25));
    const r = rebase(base, both, both);
    expect(r.ok && r.model).toEqual(both);
  });

  it("[L7] removals on either side carry over", () => {
    const b = model(sketch("s1"), extrude("e1", "s1"), fillet("f1"), sketch("s9"));
    const proposal = model(sketch("s1"), extrude("e1", "s1"), sketch("s9"));
    const current = model(sketch("s1"), extrude("e1", "s1"), fillet("f1"));
    const r = rebase(b, proposal, current);
    expect(r.ok && ids(r.model)).toEqual(["s1", "e1"]);
  });
});
