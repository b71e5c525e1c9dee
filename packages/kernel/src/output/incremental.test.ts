/**
 * Incremental outputs (records.ts): per-face sums agree with the whole-body computation, a body
 * whose records were taken over from earlier bodies describes itself byte for byte as a fresh
 * one, names always come from the current body, and records keep no OpenCascade object alive.
 */
import type { Model } from "@kerf/document";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { editModel, generateModel } from "../../../../bench/generate.ts";
import { ModelBuilder } from "../builder.ts";
import { example, exampleNames } from "../build/testing.ts";
import { KernelService } from "../client/service.ts";
import type { NamedBody } from "../naming/named-body.ts";
import { loadOC, type OC } from "../oc/load.ts";
import { Scope } from "../oc/scope.ts";
import type { BuildResult, Vec3 } from "../types.ts";
import { propertiesFromRecords, wholeBodyProperties, wholeBodyRaw } from "./properties.ts";
import { bodyRecords, sumFaces } from "./records.ts";
import { topologyFromRecords, topologyIndex } from "./topology.ts";

let oc: OC;
beforeAll(async () => {
  oc = await loadOC();
});

/** |a − b| ≤ 1e-9 · scale, component-wise. */
function near(a: Vec3 | number, b: Vec3 | number, scale: number): boolean {
  const xs = typeof a === "number" ? [a] : a;
  const ys = typeof b === "number" ? [b] : b;
  return xs.every((x, i) => Math.abs(x - ys[i]!) <= 1e-9 * scale);
}

/** Models: every example, and generated trees with edits at the start, middle and end. */
function models(): { name: string; model: Model }[] {
  const out = exampleNames().map((name) => ({ name, model: example(name) }));
  for (const n of [6, 17, 40]) {
    const m = generateModel(n);
    out.push({ name: `generated ${n}`, model: m });
    for (const [i, step] of [
      [0, 1],
      [Math.floor(n / 2), 2],
      [n - 1, 3],
      [n - 2, 1],
    ] as const) {
      out.push({ name: `generated ${n}, feature ${i} edited`, model: editModel(m, i, step) });
    }
  }
  return out;
}

describe("per-face properties", () => {
  it("[C2] volume, area, centre of mass and box agree with the whole-body GProp to 1e-9", () => {
    const b = new ModelBuilder(oc);
    try {
      for (const { name, model } of models()) {
        const body = b.build(model).body!;
        const whole = wholeBodyRaw(oc, body);
        const sum = sumFaces(bodyRecords(oc, body).faces);
        const size = Math.max(...whole.bbox.max.map((x, i) => x - whole.bbox.min[i]!));
        const scale = Math.max(
          size,
          ...whole.bbox.max.map(Math.abs),
          ...whole.bbox.min.map(Math.abs),
        );
        expect(near(sum.volume, whole.volume, Math.abs(whole.volume)), `${name} volume`).toBe(true);
        expect(near(sum.area, whole.area, whole.area), `${name} area`).toBe(true);
        expect(near(sum.centerOfMass, whole.centerOfMass, scale), `${name} centre`).toBe(true);
        expect(near(sum.bbox.min, whole.bbox.min, scale), `${name} box min`).toBe(true);
        expect(near(sum.bbox.max, whole.bbox.max, scale), `${name} box max`).toBe(true);
        // Rounded to 1e-6, the figures are those of the whole-body computation up to the last
        // digit of large values.
        const p = propertiesFromRecords(oc, body, bodyRecords(oc, body));
        const w = wholeBodyProperties(oc, body);
        expect(p.faceCount).toBe(w.faceCount);
        expect(Math.abs(p.volume - w.volume)).toBeLessThanOrEqual(1e-6 + 1e-9 * w.volume);
      }
    } finally {
      b.dispose();
    }
    expect(Scope.live).toBe(0);
  });
});

describe("records taken over", () => {
  let builder: ModelBuilder;
  beforeAll(() => {
    builder = new ModelBuilder(oc);
  });
  afterAll(() => builder.dispose());

  it("a renamed face gets its new ref, feature id and marks; geometry is taken over", () => {
    const body = builder.build(example("bracket")).body!;
    const records = bodyRecords(oc, body);
    // A view of the same shapes under other names (what a rename upstream looks like).
    const rename = (n: string) => `z${n}`;
    const renamed: NamedBody = {
      ...body,
      faces: body.faces.map((f, i) => ({
        ...f,
        name: rename(f.name),
        featureId: `z${f.featureId}`,
        fragile: i % 2 === 0,
      })),
      edges: body.edges.map((e) => ({
        ...e,
        name: rename(e.name),
        faces: [rename(e.faces[0]), rename(e.faces[1])],
        featureId: `z${e.featureId}`,
      })),
    };
    const taken = bodyRecords(oc, renamed, [{ body, records }]);
    expect(taken.measured).toEqual({ faces: 0, edges: 0 });
    expect(topologyFromRecords(renamed, taken)).toEqual(topologyIndex(oc, renamed));
    const t = topologyFromRecords(renamed, taken);
    expect(t.faces.every((f) => f.ref.startsWith("face:z") && f.featureId.startsWith("z"))).toBe(
      true,
    );
    expect(t.faces.some((f) => f.fragile)).toBe(true);
  });

  it("[T1.2] an edge whose faces are named the other way round gets its convexity measured again", () => {
    const body = builder.build(example("bracket")).body!;
    const records = bodyRecords(oc, body);
    const swapped: NamedBody = {
      ...body,
      edges: body.edges.map((e) => ({ ...e, faces: [e.faces[1], e.faces[0]] })),
    };
    const taken = bodyRecords(oc, swapped, [{ body, records }]);
    const seams = body.edges.filter((e) => e.faces[0] === e.faces[1]).length;
    expect(taken.measured).toEqual({ faces: 0, edges: body.edges.length - seams });
    expect(topologyFromRecords(swapped, taken)).toEqual(topologyIndex(oc, swapped));
  });
});

/** What a build reports about its body, as JSON (byte comparison). */
const describeJson = (r: BuildResult): string =>
  JSON.stringify({ body: r.body, topology: r.topology, features: r.features.map((f) => f.status) });

describe("incremental service vs fresh service", () => {
  it("a sequence of edits describes every model exactly as a fresh service does", async () => {
    const long = new KernelService(oc);
    const sequences: Model[][] = [];
    for (const n of [10, 40]) {
      const m = generateModel(n);
      const seq: Model[] = [m];
      for (const [i, step] of [
        [n - 1, 1],
        [n - 1, 2],
        [n - 3, 1],
        [Math.floor(n / 2), 1],
        [n - 1, 4],
        [0, 1],
        [n - 2, 2],
      ] as const) {
        seq.push(editModel(m, i, step), m);
      }
      sequences.push(seq);
    }
    sequences.push(
      exampleNames().flatMap((name) => {
        const m = example(name);
        const last = m.features.length - 1;
        const seq = [m];
        for (let i = last; i >= Math.max(0, last - 3); i--) {
          try {
            seq.push(editModel(m, i, 1), m);
          } catch {
            /* a feature type the generator does not edit */
          }
        }
        return seq;
      }),
    );
    try {
      for (const seq of sequences) {
        for (const model of seq) {
          const incremental = describeJson(await long.build(model));
          const fresh = new KernelService(oc);
          try {
            expect(incremental).toBe(describeJson(await fresh.build(model)));
          } finally {
            await fresh.dispose();
          }
        }
      }
      const s = long.stats;
      expect(s.facesReused).toBeGreaterThan(s.facesMeasured);
      expect(s.edgesReused).toBeGreaterThan(0);
    } finally {
      await long.dispose();
    }
    expect(Scope.live).toBe(0);
  });

  it("editing the last feature measures only the faces and edges it changed", async () => {
    const s = new KernelService(oc);
    try {
      const m = generateModel(40);
      const full = await s.build(m);
      const before = s.stats;
      const r = await s.build(editModel(m, 39, 1));
      const after = s.stats;
      const faces = after.facesMeasured - before.facesMeasured;
      const edges = after.edgesMeasured - before.edgesMeasured;
      expect(faces + after.facesReused - before.facesReused).toBe(r.body!.faceCount);
      expect(faces).toBeLessThanOrEqual(full.body!.faceCount / 5);
      expect(edges).toBeLessThanOrEqual(full.body!.edgeCount / 3);
    } finally {
      await s.dispose();
    }
  });

  it("donors freed by the builder are never read (small cache, many edits)", async () => {
    const s = new KernelService(oc);
    // Reach into the builder: a tiny cache frees earlier bodies at once.
    (s as unknown as { builder: ModelBuilder }).builder.dispose();
    (s as unknown as { builder: ModelBuilder }).builder = new ModelBuilder(oc, {
      extraCacheEntries: 0,
    });
    const m = generateModel(12);
    try {
      for (let i = 0; i < 24; i++) {
        const model = editModel(m, 11 - (i % 4), 1 + (i % 3));
        const r = await s.build(model);
        const fresh = new KernelService(oc);
        try {
          expect(describeJson(r)).toBe(describeJson(await fresh.build(model)));
        } finally {
          await fresh.dispose();
        }
      }
      expect(s.stats.freed).toBeGreaterThan(10);
    } finally {
      await s.dispose();
    }
  });
});

describe("progress", () => {
  it("buildAsync reports each feature it builds (not those from the cache)", async () => {
    const b = new ModelBuilder(oc);
    try {
      const m = generateModel(8);
      const calls: [number, number, string][] = [];
      await b.buildAsync(m, { onFeature: (i, n, id) => calls.push([i, n, id]) });
      expect(calls).toEqual(m.features.map((f, i) => [i, 8, f.id]));
      calls.length = 0;
      await b.buildAsync(editModel(m, 6, 1), { onFeature: (i, n, id) => calls.push([i, n, id]) });
      expect(calls).toEqual([6, 7].map((i) => [i, 8, m.features[i]!.id]));
      calls.length = 0;
      await b.buildAsync(m, { rollbackIndex: 5, onFeature: (i, n, id) => calls.push([i, n, id]) });
      expect(calls).toEqual([]);
    } finally {
      b.dispose();
    }
  });

  it("KernelService.build passes onFeature through", async () => {
    const s = new KernelService(oc);
    try {
      const m = generateModel(5);
      const ids: string[] = [];
      await s.build(m, { onFeature: (_i, _n, id) => ids.push(id) });
      expect(ids).toEqual(m.features.map((f) => f.id));
    } finally {
      await s.dispose();
    }
  });
});
