/**
 * Who names what (references.md R2): names from history for each feature kind, merges (R2.1),
 * pieces (R2.3), fallback marks (R2.5), and coverage/uniqueness (R4) on every body built here.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ModelBuilder } from "../builder.ts";
import { doc, facesAt, nameProblems, volumeOf } from "../build/testing.ts";
import { loadOC, type OC } from "../oc/load.ts";
import { subShapes } from "../oc/topo.ts";
import { assembleBody, disposeBody } from "./assemble.ts";
import { claimOf, type FaceRec } from "./claims.ts";
import type { NamedBody } from "./named-body.ts";
import { resolveRef } from "./resolve.ts";

let oc: OC;
let builder: ModelBuilder;
beforeAll(async () => {
  oc = await loadOC();
  builder = new ModelBuilder(oc);
});
afterAll(() => builder.dispose());

function build(features: string): NamedBody {
  const m = builder.build(doc(features));
  const bad = m.features.filter((f) => f.status === "error");
  if (bad.length) throw new Error(JSON.stringify(bad));
  expect(nameProblems(oc, m.body!)).toEqual([]); // R4 on every body
  return m.body!;
}
const names = (b: NamedBody): string[] => b.faces.map((f) => f.name);
const PI = Math.PI;

describe("extrude names (R2)", () => {
  it("[R2] top is the far cap, bottom the start cap, sides after their segments", () => {
    const b =
      build(`<sketch id="s1" plane="XY"><rect id="r1" x="0" y="0" width="10" height="6"/></sketch>
      <extrude id="e1" sketch="s1" distance="4"/>`);
    expect(facesAt(oc, b, [5, 3, 4])).toEqual(["e1:top"]);
    expect(facesAt(oc, b, [5, 3, 0])).toEqual(["e1:bottom"]);
    expect(facesAt(oc, b, [5, 0, 2])).toEqual(["e1:side:r1.bottom"]);
    expect(facesAt(oc, b, [10, 3, 2])).toEqual(["e1:side:r1.right"]);
    expect(facesAt(oc, b, [5, 6, 2])).toEqual(["e1:side:r1.top"]);
    expect(facesAt(oc, b, [0, 3, 2])).toEqual(["e1:side:r1.left"]);
  });

  it("[R2.4] reverse: top is still the far cap, now pointing against the sketch normal", () => {
    const b =
      build(`<sketch id="s1" plane="XY"><rect id="r1" x="0" y="0" width="10" height="6"/></sketch>
      <extrude id="e1" sketch="s1" distance="4" direction="reverse"/>`);
    expect(facesAt(oc, b, [5, 3, -4])).toEqual(["e1:top"]);
    expect(facesAt(oc, b, [5, 3, 0])).toEqual(["e1:bottom"]);
  });

  it("[R2] symmetric: top on the +normal side, bottom on the −normal side (XZ normal is −Y)", () => {
    const b =
      build(`<sketch id="s1" plane="XZ"><rect id="r1" x="0" y="0" width="10" height="6"/></sketch>
      <extrude id="e1" sketch="s1" distance="8" direction="symmetric"/>`);
    expect(facesAt(oc, b, [5, -4, 3])).toEqual(["e1:top"]);
    expect(facesAt(oc, b, [5, 4, 3])).toEqual(["e1:bottom"]);
    expect(volumeOf(b)).toBeCloseTo(480, 6);
  });

  it("[R2] polyline, arc and line segments name their side faces; seams are X|X", () => {
    const b = build(`<sketch id="s1" plane="XY">
        <line id="l1" x1="0" y1="0" x2="10" y2="0"/>
        <arc id="a1" cx="10" cy="5" r="5" start="-90" end="90"/>
        <polyline id="p1" points="10,10 0,10 0,0"/>
        <circle id="c1" cx="5" cy="5" r="2"/>
      </sketch>
      <extrude id="e1" sketch="s1" distance="3"/>`);
    expect(names(b)).toEqual([
      "e1:bottom",
      "e1:side:a1",
      "e1:side:c1",
      "e1:side:l1",
      "e1:side:p1.0",
      "e1:side:p1.1",
      "e1:top",
    ]);
    expect(facesAt(oc, b, [15, 5, 1])).toEqual(["e1:side:a1"]);
    expect(b.edges.map((e) => e.name)).toContain("e1:side:c1|e1:side:c1");
    expect(volumeOf(b)).toBeCloseTo((100 + (PI * 25) / 2 - PI * 4) * 3, 6);
  });

  it("[R2] extrude of body faces: side[<edge>] after the source face's edges, top/bottom caps", () => {
    const b =
      build(`<sketch id="s1" plane="XY"><rect id="r1" x="0" y="0" width="10" height="10"/></sketch>
      <extrude id="e1" sketch="s1" distance="5"/>
      <extrude id="e2" faces="face:e1:side:r1.right" distance="3" op="add"/>`);
    expect(volumeOf(b)).toBeCloseTo(500 + 10 * 5 * 3, 6);
    expect(facesAt(oc, b, [13, 5, 2.5])).toEqual(["e2:top"]);
    // The new sides are coplanar with e1's: merged, e1's names win (R2.1), e2's are aliases.
    expect(facesAt(oc, b, [12, 5, 5])).toEqual(["e1:top"]);
    const r = resolveRef(b, "face:e2:side[e1:side:r1.right|e1:top]", "any");
    expect(r.ok && r.value.faces.map((f) => f.name)).toEqual(["e1:top"]);
    expect(b.aliases["e2:side[e1:side:r1.right|e1:top]"]).toEqual(["e1:top"]);
  });

  it("[R2] extent toFace stops at the target plane; that end is the top", () => {
    const b =
      build(`<sketch id="s1" plane="XY"><rect id="r1" x="0" y="0" width="20" height="10"/></sketch>
      <extrude id="e1" sketch="s1" distance="10"/>
      <sketch id="s2" plane="XY" offset="20"><circle id="c1" cx="5" cy="5" r="2"/></sketch>
      <extrude id="e2" sketch="s2" direction="reverse" extent="toFace" to="face:e1:top"/>`);
    expect(volumeOf(b)).toBeCloseTo(2000 + PI * 4 * 10, 4);
    expect(names(b)).toContain("e2:side:c1");
    expect(names(b)).toContain("e2:bottom");
    expect(names(b)).not.toContain("e2:top"); // it lies inside the fused body
  });
});

describe("revolve names (R2)", () => {
  it("[R2] a partial revolve has start and end caps; the sides follow the segments", () => {
    const b =
      build(`<sketch id="s1" plane="XZ"><rect id="r1" x="10" y="0" width="5" height="4"/></sketch>
      <revolve id="v1" sketch="s1" axis="y" angle="90"/>`);
    expect(names(b)).toEqual([
      "v1:end",
      "v1:side:r1.bottom",
      "v1:side:r1.left",
      "v1:side:r1.right",
      "v1:side:r1.top",
      "v1:start",
    ]);
    // D5.2.1: counter-clockwise about +Z (the frame's y): from +X towards +Y.
    expect(facesAt(oc, b, [12, 0, 2])).toEqual(["v1:start"]);
    expect(facesAt(oc, b, [0, 12, 2])).toEqual(["v1:end"]);
    // ¼ of the ring: π(15² − 10²)·4/4
    expect(volumeOf(b)).toBeCloseTo(PI * 125, 6);
  });

  it("[D5.0.1] a revolve about a sketch line leaves that line out of the profile", () => {
    const b = build(`<sketch id="s1" plane="XY">
        <line id="ax" x1="0" y1="0" x2="0" y2="10"/>
        <rect id="r1" x="2" y="0" width="3" height="10"/>
      </sketch>
      <revolve id="v1" sketch="s1" axis="ax"/>`);
    expect(volumeOf(b)).toBeCloseTo(PI * (25 - 4) * 10, 6);
    expect(names(b)).not.toContain("v1:start");
  });
});

describe("booleans (R2.1)", () => {
  it("[R2.1] a pocket's walls and floor carry the cut's names; the body keeps its own", () => {
    const b =
      build(`<sketch id="s1" plane="XY"><rect id="r1" x="0" y="0" width="20" height="20"/></sketch>
      <extrude id="e1" sketch="s1" distance="10"/>
      <sketch id="s2" plane="face:e1:top"><rect id="r2" x="5" y="5" width="5" height="5"/></sketch>
      <extrude id="e2" sketch="s2" distance="4" direction="reverse" op="cut"/>`);
    expect(facesAt(oc, b, [7.5, 7.5, 6])).toEqual(["e2:top"]);
    expect(facesAt(oc, b, [7.5, 5, 8])).toEqual(["e2:side:r2.bottom"]);
    expect(facesAt(oc, b, [1, 1, 10])).toEqual(["e1:top"]);
    expect(volumeOf(b)).toBeCloseTo(4000 - 100, 6);
  });

  it("[R2.1] coplanar faces merged by a fuse take the earliest feature's name; the rest are aliases", () => {
    const b =
      build(`<sketch id="s1" plane="XY"><rect id="r1" x="0" y="0" width="10" height="10"/></sketch>
      <extrude id="e1" sketch="s1" distance="5"/>
      <sketch id="s2" plane="XY"><rect id="r2" x="5" y="0" width="10" height="10"/></sketch>
      <extrude id="e2" sketch="s2" distance="5"/>`);
    expect(names(b)).toEqual([
      "e1:bottom",
      "e1:side:r1.bottom",
      "e1:side:r1.left",
      "e1:side:r1.top",
      "e1:top",
      "e2:side:r2.right",
    ]);
    expect(b.aliases["e2:top"]).toEqual(["e1:top"]);
    expect(b.aliases["e2:side:r2.bottom"]).toEqual(["e1:side:r1.bottom"]);
    const r = resolveRef(b, "face:e2:top", "any");
    expect(r.ok && r.value.faces[0]!.name).toBe("e1:top");
  });

  it("[R2.3][R3.1] a cut that splits a face gives pieces @1 @2 in centroid order; the base name resolves to both", () => {
    const b =
      build(`<sketch id="s1" plane="XY"><rect id="r1" x="0" y="0" width="30" height="10"/></sketch>
      <extrude id="e1" sketch="s1" distance="10"/>
      <sketch id="s2" plane="XY"><rect id="r2" x="10" y="-1" width="10" height="12"/></sketch>
      <extrude id="e2" sketch="s2" distance="5" direction="symmetric" op="cut"/>`);
    expect(b.solids).toBe(1);
    // The slot runs across the bottom: e1:bottom falls in two pieces, and so does the front face.
    expect(names(b).filter((n) => n.startsWith("e1:bottom"))).toEqual([
      "e1:bottom@1",
      "e1:bottom@2",
    ]);
    // The front face only gets a notch: still one face, no piece number.
    expect(facesAt(oc, b, [5, 0, 1])).toEqual(["e1:side:r1.bottom"]);
    expect(facesAt(oc, b, [5, 5, 0])).toEqual(["e1:bottom@1"]);
    expect(facesAt(oc, b, [25, 5, 0])).toEqual(["e1:bottom@2"]);
    const r = resolveRef(b, "face:e1:bottom", "faces");
    expect(r.ok && r.value.faces.map((f) => f.name)).toEqual(["e1:bottom@1", "e1:bottom@2"]);
    expect(b.faces.find((f) => f.name === "e1:bottom@1")!.fragile).toBe(true);
    // Edges around the pieces use the pieces' names.
    expect(b.edges.map((e) => e.name)).toContain("e1:bottom@2|e1:side:r1.right");
  });

  it("[D5.1] a cut may split the body into several solids; still one body", () => {
    const b =
      build(`<sketch id="s1" plane="XY"><rect id="r1" x="0" y="0" width="30" height="10"/></sketch>
      <extrude id="e1" sketch="s1" distance="10"/>
      <sketch id="s2" plane="XY"><rect id="r2" x="10" y="-1" width="10" height="12"/></sketch>
      <extrude id="e2" sketch="s2" distance="30" direction="symmetric" op="cut"/>`);
    expect(b.solids).toBe(2);
    expect(names(b)).toContain("e1:top@1");
    expect(names(b)).toContain("e1:top@2");
    expect(volumeOf(b)).toBeCloseTo(2000, 6);
  });

  it("[R2] intersect keeps the common part with both features' names", () => {
    const b =
      build(`<sketch id="s1" plane="XY"><rect id="r1" x="0" y="0" width="10" height="10"/></sketch>
      <extrude id="e1" sketch="s1" distance="10"/>
      <sketch id="s2" plane="XY"><circle id="c1" cx="10" cy="10" r="6"/></sketch>
      <extrude id="e2" sketch="s2" distance="5" op="intersect"/>`);
    expect(volumeOf(b)).toBeCloseTo((PI * 36 * 5) / 4, 4);
    expect(names(b)).toContain("e2:side:c1");
    expect(names(b)).toContain("e2:top");
  });
});

describe("fragile names and the fallbacks (R2.2, R2.5)", () => {
  it("[R2.5] a face no rule names gets new:<n> and is flagged fragile (shell's arc at a concave edge)", () => {
    const b =
      build(`<sketch id="s1" plane="XZ"><polyline id="p1" points="0,0 60,0 60,20 20,20 20,40 0,40" closed="true"/></sketch>
      <extrude id="e1" sketch="s1" distance="30"/>
      <shell id="h1" faces="face:e1:top" thickness="2"/>`);
    const fresh = b.faces.filter((f) => f.name.includes(":new:"));
    expect(fresh.map((f) => f.name)).toEqual(["h1:new:1"]);
    expect(fresh[0]!.fragile).toBe(true);
    expect(b.edges.filter((e) => e.name.includes("h1:new:1")).every((e) => e.fragile)).toBe(true);
  });

  it("[R2.2][R2.5] where history is silent, geometry names the face and says so", () => {
    const b =
      build(`<sketch id="s1" plane="XY"><rect id="r1" x="0" y="0" width="10" height="6"/></sketch>
      <extrude id="e1" sketch="s1" distance="4"/>`);
    // The same solid again, with no history at all: only the geometric fallback can name it.
    const copy = oc.TopoDS.Solid(b.shape.wrapped);
    const faces = subShapes(oc, copy, "face");
    const again = assembleBody(oc, {
      shape: copy,
      faces,
      claims: faces.map(() => []),
      fallback: (b.faces as FaceRec[]).map((f) => ({ face: f.face.wrapped, claim: claimOf(f) })),
      featureId: "x",
      order: () => 0,
      featureStatus: {},
      featureTypes: {},
    });
    try {
      expect(again.faces.map((f) => f.name)).toEqual(names(b));
      expect(again.faces.every((f) => f.resolvedBy === "geometry")).toBe(true);
      expect(again.edges.every((e) => e.resolvedBy === "geometry")).toBe(true);
    } finally {
      disposeBody(again);
    }
  });
});

describe("fillet, chamfer, shell (R2)", () => {
  const box = `<sketch id="s1" plane="XY"><rect id="r1" x="0" y="0" width="20" height="20"/></sketch>
    <extrude id="e1" sketch="s1" distance="20"/>`;

  it("[R2] fillet: blend[<edge>] for each edge, corner[A|B|C] where three blends meet", () => {
    const b = build(`${box}<fillet id="f1" edges="face:e1:top" radius="2"/>`);
    expect(names(b)).toContain("f1:blend[e1:side:r1.right|e1:top]");
    expect(b.faces.filter((f) => f.name.startsWith("f1:blend")).length).toBe(4);
    const all = build(
      `${box}<fillet id="f1" edges="edge:e1:side:r1.right|e1:top edge:e1:side:r1.top|e1:top edge:e1:side:r1.right|e1:side:r1.top" radius="2"/>`,
    );
    expect(names(all)).toContain("f1:corner[e1:side:r1.right|e1:side:r1.top|e1:top]");
  });

  it("[R2] chamfer: blend faces too, and the trimmed faces keep their names", () => {
    const b = build(`${box}<chamfer id="k1" edges="edge:e1:side:r1.right|e1:top" distance="2"/>`);
    expect(names(b)).toContain("k1:blend[e1:side:r1.right|e1:top]");
    expect(names(b)).toContain("e1:top");
    expect(volumeOf(b)).toBeCloseTo(8000 - 2 * 20, 6);
  });

  it("[R2][D5.0.1] shell: kept faces keep their names, inner[<face>] for their offsets, the opened face names its rim", () => {
    const b = build(`${box}<shell id="h1" faces="face:e1:top" thickness="2"/>`);
    expect(volumeOf(b)).toBeCloseTo(8000 - 16 * 16 * 18, 4);
    expect(names(b)).toContain("h1:inner[e1:bottom]");
    expect(names(b)).toContain("h1:inner[e1:side:r1.left]");
    expect(facesAt(oc, b, [1, 10, 20])).toEqual(["e1:top"]); // the rim
    expect(facesAt(oc, b, [10, 10, 2])).toEqual(["h1:inner[e1:bottom]"]);
  });
});
