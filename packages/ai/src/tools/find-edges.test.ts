import { describe, expect, it } from "vitest";
import { compareCodeUnits } from "@kerf/document";
import type { EdgeInfo } from "@kerf/kernel";
import { useKernel } from "../../test/kernel.ts";
import type { ToolResult } from "../envelope.ts";
import { ToolRunner } from "../runner/runner.ts";
import { defaultTools } from "./index.ts";

const k = useKernel();

type Edges = { total: number; truncated: boolean; edges: EdgeInfo[] };

async function findEdges(model: string, args: object): Promise<ToolResult<Edges>> {
  const runner = new ToolRunner(k.session(model), defaultTools);
  const outcome = await runner.run(
    { name: "find_edges", arguments: JSON.stringify(args) },
    new AbortController().signal,
  );
  return outcome.result as ToolResult<Edges>;
}

async function refs(model: string, args: object): Promise<string[]> {
  const r = await findEdges(model, args);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.data.edges.map((e) => e.ref);
}

describe("find_edges on real builds", () => {
  it("[T1] {} lists edges sorted by ref, with EdgeInfo fields", async () => {
    const r = await findEdges("plate", { limit: 100 });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.data.total).toBe(15);
    expect(r.data.truncated).toBe(false);
    const list = r.data.edges.map((e) => e.ref);
    expect(list).toEqual([...list].sort(compareCodeUnits));
    const front = r.data.edges.find((e) => e.ref === "edge:e1:side:r1.bottom|e1:top")!;
    expect(front).toMatchObject({
      featureId: "e1",
      curveType: "line",
      length: 40,
      midpoint: [0, -10, 10],
      convexity: "convex",
      faces: ["face:e1:side:r1.bottom", "face:e1:top"],
    });
    expect(Math.abs(front.direction![0])).toBe(1);
    const rim = r.data.edges.find((e) => e.ref === "edge:e1:side:c1|e1:top")!;
    expect(rim).toMatchObject({ curveType: "circle", center: [0, 0, 10], convexity: "convex" });
    expect(rim.radius).toBeCloseTo(4, 6);
    expect(rim.length).toBeCloseTo(8 * Math.PI, 5);
    // Default limit 25 (T1).
    const all = await findEdges("bracket", {});
    expect(all.ok && [all.data.total, all.data.edges.length, all.data.truncated]).toEqual([
      27,
      25,
      true,
    ]);
  });

  it("[T0] geometry in results: millimetres, [x, y, z] vectors, numbers rounded to 1e-6", async () => {
    const edges = await findEdges("knob", { limit: 500 });
    const runner = new ToolRunner(k.session("knob"), defaultTools);
    const faces = await runner.run(
      { name: "find_faces", arguments: '{"limit":500}' },
      new AbortController().signal,
    );
    const numbers: number[] = [];
    const walk = (v: unknown): void => {
      if (typeof v === "number") numbers.push(v);
      else if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === "object") Object.values(v).forEach(walk);
    };
    walk(edges);
    walk(faces.result);
    expect(numbers.length).toBeGreaterThan(200);
    for (const x of numbers) expect(Math.abs(x * 1e6 - Math.round(x * 1e6))).toBeLessThan(1e-6);
    const edge = edges.ok ? edges.data.edges[0]! : undefined;
    for (const v of [edge!.start, edge!.end, edge!.midpoint]) expect(v).toHaveLength(3);
  });

  it("[T1] curveType: circle is closed, arc is part of one", async () => {
    expect(await refs("plate", { curveType: "circle" })).toEqual([
      "edge:e1:bottom|e1:side:c1",
      "edge:e1:side:c1|e1:top",
    ]);
    expect(await refs("bracket", { curveType: "arc" })).toEqual([
      "edge:e1:bottom|f1:blend[e1:side:p1.2|e1:side:p1.3]",
      "edge:e1:top|f1:blend[e1:side:p1.2|e1:side:p1.3]",
    ]);
    expect(await refs("plate", { curveType: "line", limit: 100 })).toHaveLength(13);
  });

  it("[T1] faceRef: the edges bounding that face", async () => {
    expect(await refs("plate", { faceRef: "face:e1:top" })).toEqual([
      "edge:e1:side:c1|e1:top",
      "edge:e1:side:r1.bottom|e1:top",
      "edge:e1:side:r1.left|e1:top",
      "edge:e1:side:r1.right|e1:top",
      "edge:e1:side:r1.top|e1:top",
    ]);
    expect(
      await refs("plate", { faceRef: "face:e1:top", curveType: "line", minLength: 30 }),
    ).toEqual(["edge:e1:side:r1.bottom|e1:top", "edge:e1:side:r1.top|e1:top"]);
  });

  it("[T1.2] convexity: outside corners convex, a pocket's floor rim concave, tangent and seams smooth", async () => {
    const plateConvex = await refs("plate", { convexity: "convex", limit: 100 });
    expect(plateConvex).toHaveLength(14);
    expect(await refs("plate", { convexity: "smooth" })).toEqual(["edge:e1:side:c1|e1:side:c1"]);
    expect(await refs("plate", { convexity: "concave" })).toEqual([]);
    expect(await refs("knob", { convexity: "concave" })).toEqual(["edge:e1:side:c1|e1:top"]);
    // The fillet meets both faces it joins tangentially.
    expect(
      await refs("bracket", { convexity: "smooth", curveType: "line", featureId: "f1" }),
    ).toEqual([
      "edge:e1:side:p1.2|f1:blend[e1:side:p1.2|e1:side:p1.3]",
      "edge:e1:side:p1.3|f1:blend[e1:side:p1.2|e1:side:p1.3]",
    ]);
    expect(await refs("bracket", { convexity: "smooth", faceRef: "face:e1:side:p1.2" })).toEqual([
      "edge:e1:side:p1.2|f1:blend[e1:side:p1.2|e1:side:p1.3]",
    ]);
  });

  it("[T1] featureId, minLength, maxLength", async () => {
    expect(await refs("bracket", { featureId: "e2", curveType: "line" })).toEqual([
      "edge:e2:side:h1|e2:side:h1",
      "edge:e2:side:h2|e2:side:h2",
    ]);
    expect(await refs("plate", { minLength: 30 })).toHaveLength(4);
    expect(await refs("plate", { maxLength: 15 })).toHaveLength(5);
    expect(await refs("plate", { minLength: 20, maxLength: 20 })).toHaveLength(4);
  });

  it("[T1.3] a bad faceRef is an error result with nearby valid refs", async () => {
    const typo = await findEdges("plate", { faceRef: "face:e1:side:r1.botom" });
    expect(typo.ok).toBe(false);
    if (typo.ok) return;
    expect(typo.error.code).toBe("REF_NOT_FOUND");
    expect(typo.error.suggestions).toContain("face:e1:side:r1.bottom");
    expect(typo.error.message).toContain("face:e1:side:r1.bottom");

    const edge = await findEdges("plate", { faceRef: "edge:e1:side:c1|e1:top" });
    expect(!edge.ok && edge.error.code).toBe("WRONG_REF_KIND");

    const gone = await findEdges("bracket", { faceRef: "face:e1:side:p9.1" });
    expect(!gone.ok && gone.error.code).toBe("REF_NOT_FOUND");

    const range = await findEdges("plate", { minLength: 5, maxLength: 1 });
    expect(!range.ok && range.error.code).toBe("INVALID_ARGUMENTS");
  });
});
