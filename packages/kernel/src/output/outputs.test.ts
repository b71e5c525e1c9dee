/**
 * The kernel's outputs on real OpenCascade bodies: the topology index (ai.md T1, T1.2, D4.1),
 * body properties (cli.md C2), the mesh (one range per named face) and STEP/STL files (C5).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ModelBuilder } from "../builder.ts";
import { faceFrame } from "../build/frame.ts";
import { EXAMPLE_VOLUMES, doc, example, exampleNames, volumeOf } from "../build/testing.ts";
import type { NamedBody } from "../naming/named-body.ts";
import { loadOC, type OC } from "../oc/load.ts";
import { captureOcOutput } from "../oc/print.ts";
import { Scope } from "../oc/scope.ts";
import { stepVolume, stlStats } from "../testing.ts";
import { exportStep, exportStl } from "./export.ts";
import { meshBody } from "./mesh.ts";
import { stlToTriangles } from "./stl-triangles.ts";
import { bodyProperties } from "./properties.ts";
import { rframe } from "./round.ts";
import { topologyIndex } from "./topology.ts";

let oc: OC;
let builder: ModelBuilder;
beforeAll(async () => {
  oc = await loadOC();
  builder = new ModelBuilder(oc);
});
afterAll(() => builder.dispose());

function build(model: Parameters<ModelBuilder["build"]>[0], rollbackIndex?: number): NamedBody {
  const m = builder.build(model, rollbackIndex === undefined ? {} : { rollbackIndex });
  expect(m.features.filter((f) => f.status === "error")).toEqual([]);
  return m.body!;
}

const box = () =>
  doc(`<sketch id="s1" plane="XY"><rect id="r1" x="0" y="0" width="30" height="20"/></sketch>
    <extrude id="e1" sketch="s1" distance="10"/>`);

// x·1e6 is an integer up to float error (large values carry ~1e-5 of it).
const isRounded = (x: number) => Math.abs(x * 1e6 - Math.round(x * 1e6)) < 1e-3;
function numbersIn(x: unknown, out: number[] = []): number[] {
  if (typeof x === "number") out.push(x);
  else if (Array.isArray(x)) x.forEach((y) => numbersIn(y, out));
  else if (x && typeof x === "object") Object.values(x).forEach((y) => numbersIn(y, out));
  return out;
}

describe("topology index (ai.md T1)", () => {
  it("[T1] refs are exactly the body's canonical names, sorted, with aliases and retired", () => {
    for (const name of exampleNames()) {
      const body = build(example(name));
      const t = topologyIndex(oc, body);
      expect(t.faces.map((f) => f.ref)).toEqual(body.faces.map((f) => `face:${f.name}`));
      expect(t.edges.map((e) => e.ref)).toEqual(body.edges.map((e) => `edge:${e.name}`));
      const refs = t.faces.map((f) => f.ref);
      expect([...refs].sort()).toEqual(refs);
      expect(t.aliases).toEqual(body.aliases);
      expect(t.retired).toEqual(body.retired);
      expect(structuredClone(t)).toEqual(t);
    }
  });

  it("[T0] numbers are rounded to 1e-6", () => {
    const t = topologyIndex(oc, build(example("knob")));
    const all = numbersIn(t);
    expect(all.length).toBeGreaterThan(100);
    expect(all.filter((x) => !isRounded(x))).toEqual([]);
  });

  it("[T1] FaceInfo of a box: plane, area, centroid, bbox, outward normal, edgeCount", () => {
    const t = topologyIndex(oc, build(box()));
    const top = t.faces.find((f) => f.ref === "face:e1:top")!;
    expect(top).toMatchObject({
      featureId: "e1",
      surfaceType: "plane",
      area: 600,
      centroid: [15, 10, 10],
      bbox: { min: [0, 0, 10], max: [30, 20, 10] },
      normal: [0, 0, 1],
      edgeCount: 4,
    });
    expect(top.fragile).toBeUndefined();
    expect(top.resolvedBy).toBeUndefined();
    expect(t.faces.find((f) => f.ref === "face:e1:side:r1.right")!.normal).toEqual([1, 0, 0]);
    expect(t.faces.find((f) => f.ref === "face:e1:bottom")!.normal).toEqual([0, 0, -1]);
  });

  it("[D4.1] sketchFrame of a planar face is the frame a sketch on it gets", () => {
    const t = topologyIndex(oc, build(box()));
    for (const f of t.faces) {
      expect(f.sketchFrame).toBeDefined();
      expect(f.sketchFrame!.normal).toEqual(f.normal);
    }
    // Facing +X: y = Z projected, x = y × n; origin = world origin projected onto x = 30.
    expect(t.faces.find((f) => f.ref === "face:e1:side:r1.right")!.sketchFrame).toEqual(
      rframe(faceFrame([1, 0, 0], [30, 0, 0])),
    );
    expect(t.faces.find((f) => f.ref === "face:e1:side:r1.right")!.sketchFrame).toEqual({
      origin: [30, 0, 0],
      xDir: [0, 1, 0],
      yDir: [0, 0, 1],
      normal: [1, 0, 0],
    });
    // Facing −Z: x = X, y = n × x.
    expect(t.faces.find((f) => f.ref === "face:e1:bottom")!.sketchFrame).toEqual({
      origin: [0, 0, 0],
      xDir: [1, 0, 0],
      yDir: [0, -1, 0],
      normal: [0, 0, -1],
    });
  });

  it("[T1] cylinders carry axis and radius; circles and arcs centre and radius", () => {
    const t = topologyIndex(oc, build(example("bracket")));
    const h1 = t.faces.find((f) => f.ref === "face:e2:side:h1")!;
    expect(h1.surfaceType).toBe("cylinder");
    expect(h1.radius).toBe(3);
    expect(h1.normal).toBeUndefined();
    expect(h1.sketchFrame).toBeUndefined();
    expect(h1.axis!.origin).toEqual([33, -8, 3]);
    expect(Math.abs(h1.axis!.direction[2])).toBe(1);
    const rim = t.edges.find((e) => e.ref === "edge:e1:side:p1.2|e2:side:h1")!;
    expect(rim).toMatchObject({ curveType: "circle", center: [33, -8, 6], radius: 3 });
    expect(rim.length).toBeCloseTo(6 * Math.PI, 5);
    const arc = t.edges.find(
      (e) => e.ref === "edge:e1:bottom|f1:blend[e1:side:p1.2|e1:side:p1.3]",
    )!;
    expect(arc).toMatchObject({ curveType: "arc", radius: 4 });
    expect(arc.length).toBeCloseTo(2 * Math.PI, 5); // a quarter of r = 4
  });

  it("[T1] lines carry start, end, midpoint and direction", () => {
    const t = topologyIndex(oc, build(box()));
    const e = t.edges.find((x) => x.ref === "edge:e1:side:r1.right|e1:top")!;
    expect(e.curveType).toBe("line");
    expect(e.length).toBe(20);
    expect(e.midpoint).toEqual([30, 10, 10]);
    expect([e.start, e.end].map((p) => p.join()).sort()).toEqual(["30,0,10", "30,20,10"]);
    const d = e.direction!;
    expect(d.map((x, i) => x * (e.end[i]! - e.start[i]!)).reduce((a, b) => a + b)).toBe(20);
    expect(e.faces).toEqual(["face:e1:side:r1.right", "face:e1:top"]);
  });

  it("[T1.2] convexity: box edges convex, an inner corner concave, fillet edges smooth, seams smooth", () => {
    const boxT = topologyIndex(oc, build(box()));
    expect(new Set(boxT.edges.map((e) => e.convexity))).toEqual(new Set(["convex"]));
    // The bracket before its fillet: the L's inner corner is the only concave edge.
    const beforeFillet = topologyIndex(oc, build(example("bracket"), 4));
    expect(beforeFillet.edges.filter((e) => e.convexity === "concave").map((e) => e.ref)).toEqual([
      "edge:e1:side:p1.2|e1:side:p1.3",
    ]);
    const bracket = topologyIndex(oc, build(example("bracket")));
    const conv = (ref: string) => bracket.edges.find((e) => e.ref === ref)!.convexity;
    expect(conv("edge:e1:side:p1.2|f1:blend[e1:side:p1.2|e1:side:p1.3]")).toBe("smooth");
    expect(conv("edge:e1:side:p1.3|f1:blend[e1:side:p1.2|e1:side:p1.3]")).toBe("smooth");
    expect(conv("edge:e2:side:h1|e2:side:h1")).toBe("smooth");
    // A hole's rim is convex (an outside corner of the material); the knob's blind hole floor
    // meets the hole wall at a concave edge.
    expect(conv("edge:e1:side:p1.2|e2:side:h1")).toBe("convex");
    const knob = topologyIndex(oc, build(example("knob")));
    expect(knob.edges.find((e) => e.ref === "edge:e1:side:c1|e1:top")!.convexity).toBe("concave");
  });

  it("[R2.5] fragile names are marked", () => {
    // Two bosses cut the top face in two: its pieces are `e1:top@1`, `e1:top@2`.
    const t = topologyIndex(
      oc,
      build(
        doc(`<sketch id="s1" plane="XY"><rect id="r1" x="0" y="0" width="30" height="10"/></sketch>
          <extrude id="e1" sketch="s1" distance="10"/>
          <sketch id="s2" plane="XY"><rect id="r2" x="10" y="-1" width="10" height="12"/></sketch>
          <extrude id="e2" sketch="s2" distance="5" op="cut" direction="symmetric"/>
          <sketch id="s3" plane="XZ"><rect id="r3" x="10" y="5" width="10" height="10"/></sketch>
          <extrude id="e3" sketch="s3" distance="20" direction="symmetric" op="cut"/>`),
      ),
    );
    const fragile = t.faces.filter((f) => f.fragile);
    expect(fragile.length).toBeGreaterThan(0);
    for (const f of fragile) expect(f.ref).toMatch(/@\d|#\d|new:/);
    for (const f of t.faces.filter((x) => !x.fragile)) expect(f.ref).not.toMatch(/@\d|#\d|new:/);
  });
});

describe("body properties (cli.md C2)", () => {
  it("[C2] a box: volume, area, bbox, centre of mass, counts", () => {
    expect(bodyProperties(oc, build(box()))).toEqual({
      volume: 6000,
      area: 2 * (600 + 300 + 200),
      bbox: { min: [0, 0, 0], max: [30, 20, 10] },
      centerOfMass: [15, 10, 5],
      faceCount: 6,
      edgeCount: 12,
      solids: 1,
    });
  });

  it("[C2] every example: the hand-computed volume, rounded to 1e-6", () => {
    for (const name of exampleNames()) {
      const p = bodyProperties(oc, build(example(name)));
      expect(p.volume).toBeCloseTo(EXAMPLE_VOLUMES[name]!, 5);
      expect(isRounded(p.volume) && isRounded(p.area)).toBe(true);
    }
  });
});

describe("mesh", () => {
  it("every named face has one range; the ranges cover every triangle exactly once", () => {
    for (const name of exampleNames()) {
      const body = build(example(name));
      const mesh = meshBody(oc, body);
      expect(mesh.faces.map((f) => f.ref)).toEqual(body.faces.map((f) => `face:${f.name}`));
      const triangles = mesh.indices.length / 3;
      const hits = new Uint8Array(triangles);
      for (const f of mesh.faces) {
        expect(f.count).toBeGreaterThan(0);
        for (let t = f.start; t < f.start + f.count; t++) hits[t]!++;
      }
      expect(hits.every((h) => h === 1)).toBe(true);
      expect(mesh.positions.length).toBe(mesh.normals.length);
      const vertices = mesh.positions.length / 3;
      expect(mesh.indices.every((i) => i < vertices)).toBe(true);
      // Unit normals per vertex.
      for (let v = 0; v < vertices; v++) {
        const n = Math.hypot(
          mesh.normals[3 * v]!,
          mesh.normals[3 * v + 1]!,
          mesh.normals[3 * v + 2]!,
        );
        expect(n).toBeCloseTo(1, 3);
      }
      // One polyline per named edge, at least two points each.
      expect(mesh.edges.map((e) => e.ref)).toEqual(body.edges.map((e) => `edge:${e.name}`));
      for (const e of mesh.edges) expect(e.positions.length).toBeGreaterThanOrEqual(6);
    }
  });

  it("triangles face outwards: the mesh encloses the body's volume (within the tolerance)", () => {
    const body = build(example("bracket"));
    const m = meshBody(oc, body, { tolerance: 0.01 });
    let volume = 0;
    const p = (i: number) => [
      m.positions[3 * i]!,
      m.positions[3 * i + 1]!,
      m.positions[3 * i + 2]!,
    ];
    for (let t = 0; t < m.indices.length; t += 3) {
      const [a, b, c] = [p(m.indices[t]!), p(m.indices[t + 1]!), p(m.indices[t + 2]!)] as [
        number[],
        number[],
        number[],
      ];
      volume +=
        (a[0]! * (b[1]! * c[2]! - b[2]! * c[1]!) -
          a[1]! * (b[0]! * c[2]! - b[2]! * c[0]!) +
          a[2]! * (b[0]! * c[1]! - b[1]! * c[0]!)) /
        6;
    }
    expect(volume / volumeOf(body) - 1).toBeCloseTo(0, 3);
  });

  it("a coarser tolerance after a finer one gives a coarser mesh", () => {
    const body = build(example("knob"));
    const fine = meshBody(oc, body, { tolerance: 0.01 }).indices.length;
    const coarse = meshBody(oc, body, { tolerance: 0.5 }).indices.length;
    expect(coarse).toBeLessThan(fine);
  });

  it("normals follow the surface outwards (a torus, ~40k triangles)", () => {
    // A torus, centre line radius 30 around Z (the XZ sketch's y), tube radius 10: one face,
    // ~40k triangles.
    const body = build(
      doc(`<sketch id="s1" plane="XZ"><circle id="c1" cx="30" cy="0" r="10"/></sketch>
        <revolve id="v1" sketch="s1" axis="y" angle="360"/>`),
    );
    const m = meshBody(oc, body, { tolerance: 0.01 });
    expect(m.indices.length / 3).toBeGreaterThan(30000);
    let worst = 1;
    for (let v = 0; v < m.positions.length / 3; v++) {
      const [x, y, z] = [m.positions[3 * v]!, m.positions[3 * v + 1]!, m.positions[3 * v + 2]!];
      const r = Math.hypot(x, y);
      // Exact normal: from the nearest point of the centre line to the vertex.
      const e = [x - (30 * x) / r, y - (30 * y) / r, z];
      const l = Math.hypot(e[0]!, e[1]!, e[2]!);
      const dot =
        (e[0]! * m.normals[3 * v]! +
          e[1]! * m.normals[3 * v + 1]! +
          e[2]! * m.normals[3 * v + 2]!) /
        l;
      worst = Math.min(worst, dot);
    }
    expect(worst).toBeGreaterThan(Math.cos((2 * Math.PI) / 180)); // within 2°
  });

  it("welds a binary STL's corners into shared vertices, winding kept, normals per vertex", () => {
    // Two triangles of the unit square in z = 0, wound counter-clockwise seen from +Z.
    const corners = [
      [0, 0, 0],
      [1, 0, 0],
      [1, 1, 0],
      [0, 0, 0],
      [1, 1, 0],
      [0, 1, 0],
    ];
    const bytes = new Uint8Array(84 + 2 * 50);
    const view = new DataView(bytes.buffer);
    view.setUint32(80, 2, true);
    corners.forEach((c, i) =>
      c.forEach((x, k) =>
        view.setFloat32(84 + Math.floor(i / 3) * 50 + 12 + (i % 3) * 12 + 4 * k, x, true),
      ),
    );
    const t = stlToTriangles(bytes);
    expect(Array.from(t.positions)).toEqual([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0]);
    expect(Array.from(t.indices)).toEqual([0, 1, 2, 0, 2, 3]);
    expect(Array.from(t.normals)).toEqual([0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1]);
    expect(stlToTriangles(bytes.subarray(0, 84)).indices.length).toBe(0);
  });

  it("is plain data (structured-cloneable)", () => {
    const mesh = meshBody(oc, build(box()));
    expect(structuredClone(mesh)).toEqual(mesh);
  });
});

describe("STEP and STL (cli.md C5)", () => {
  it.each(exampleNames())(
    "[C5] %s: STEP reads back with the same volume, STL is closed with the same volume (1e-3)",
    async (name) => {
      const body = build(example(name));
      const exact = EXAMPLE_VOLUMES[name]!;
      const step = exportStep(oc, body);
      expect(new TextDecoder().decode(step.subarray(0, 13))).toBe("ISO-10303-21;");
      expect(Math.abs((await stepVolume(step)) / exact - 1)).toBeLessThan(1e-3);
      const stl = stlStats(exportStl(oc, body));
      expect(stl.triangles).toBeGreaterThan(0);
      expect(stl.openEdges).toBe(0);
      expect(Math.abs(stl.volume / exact - 1)).toBeLessThan(1e-3);
    },
  );

  it("[C5] the STEP writer's statistics never reach stdout", () => {
    const body = build(box());
    const write = vi.spyOn(process.stdout, "write");
    const log = vi.spyOn(console, "log");
    try {
      const { lines } = captureOcOutput(() => exportStep(oc, body));
      expect(lines).toEqual([]); // exportStep captured them itself
      exportStep(oc, body);
      expect(write).not.toHaveBeenCalled();
      expect(log).not.toHaveBeenCalled();
    } finally {
      write.mockRestore();
      log.mockRestore();
    }
  });

  it("[hygiene] outputs leave no tracked OpenCascade object behind", () => {
    const body = build(example("bracket"));
    topologyIndex(oc, body);
    bodyProperties(oc, body);
    meshBody(oc, body);
    exportStep(oc, body);
    exportStl(oc, body);
    expect(Scope.live).toBe(0);
    expect(oc.FS.readdir("/").filter((f: string) => f.startsWith("kerf-"))).toEqual([]);
  });
});
