/**
 * Helpers for the kernel's real-OpenCascade tests (not used by production code): models from
 * text, the shared examples, point-on-face oracles and the R4 name checks.
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  formatEdgeName,
  formatFaceName,
  parseEdgeName,
  parseFaceName,
  parseXml,
  parseXmlPartial,
  type Model,
} from "@kerf/document";
import { measureVolume } from "replicad";
import { distance } from "../naming/geometry.ts";
import type { NamedBody } from "../naming/named-body.ts";
import { resolveRef } from "../naming/resolve.ts";
import type { OC } from "../oc/load.ts";
import { subShapes } from "../oc/topo.ts";
import type { Vec3 } from "../types.ts";

/** A typed Model from the text form; throws with the report when invalid. */
export function modelOf(xml: string): Model {
  const r = parseXml(xml);
  if (!r.ok) throw new Error(`invalid test model: ${JSON.stringify(r.report.errors, null, 1)}`);
  return r.model;
}

/**
 * As `modelOf`, but keeps features whose only problems are references (DANGLING_REF…): those are
 * the kernel's to report (D5.4), e.g. after a segment was split.
 */
export function looseModelOf(xml: string): Model {
  const r = parseXmlPartial(xml);
  if (!r.model || r.skipped.length)
    throw new Error(`invalid test model: ${JSON.stringify(r.report.errors)}`);
  return r.model;
}

export const looseDoc = (features: string): Model =>
  looseModelOf(`<model version="1" units="mm" name="t"><features>${features}</features></model>`);

/** `<model>` around feature elements. */
export const doc = (features: string): Model =>
  modelOf(`<model version="1" units="mm" name="t"><features>${features}</features></model>`);

const EXAMPLES = fileURLToPath(new URL("../../../../examples/", import.meta.url));

export function example(name: string): Model {
  return modelOf(readFileSync(`${EXAMPLES}${name}.kerf.xml`, "utf8"));
}

/**
 * Volumes of the shared examples (examples/*.kerf.xml), computed by hand. Every example must
 * have one (examples.test.ts checks that none is missing).
 */
export const EXAMPLE_VOLUMES: Record<string, number> = {
  // 40·20·10 block minus a Ø8 through hole: 8000 − π·4²·10.
  plate: 8000 - 160 * Math.PI,
  // L-profile area 60·6 + 6·34 = 564, × 30 (symmetric) = 16920; two Ø6 holes through the 6 mm
  // leg: 2·π·3²·6 = 108π; the R4 fillet sits in the concave inner corner, so it ADDS the
  // square-minus-quarter-disc (r² − πr²/4)·30 = (16 − 4π)·30 = 480 − 120π.
  bracket: 16920 - 108 * Math.PI + 480 - 120 * Math.PI,
  // Revolve (Pappus / frustum): cylinder r20 h8 = 3200π, frustum h6 R20→r12 =
  // π·6/3·(400 + 240 + 144) = 1568π; Ø6 hole 10 deep: 90π; 1 mm chamfer on the bottom rim:
  // triangle ½·1·1 whose centroid is at radius 20 − ⅓, so 2π·(59/3)·½ = 59π/3.
  knob: (3200 + 1568 - 90 - 59 / 3) * Math.PI,
};

/** Names of the files in examples/ (without `.kerf.xml`). */
export function exampleNames(): string[] {
  return readdirSync(EXAMPLES)
    .filter((f) => f.endsWith(".kerf.xml"))
    .map((f) => f.slice(0, -".kerf.xml".length))
    .sort();
}

export const volumeOf = (body: NamedBody): number => measureVolume(body.shape);

/** Distance from a point to a face of the body (by canonical name). */
export function distToFace(oc: OC, body: NamedBody, name: string, p: Vec3): number {
  const f = body.faces.find((x) => x.name === name);
  if (!f) return Infinity;
  const pnt = new oc.gp_Pnt(p[0], p[1], p[2]);
  const mk = new oc.BRepBuilderAPI_MakeVertex(pnt);
  const v = mk.Vertex();
  try {
    return distance(oc, v, f.face.wrapped);
  } finally {
    v.delete();
    mk.delete();
    pnt.delete();
  }
}

/** The faces (names) that contain point `p` (within 1e-6). */
export function facesAt(oc: OC, body: NamedBody, p: Vec3): string[] {
  return body.faces.filter((f) => distToFace(oc, body, f.name, p) < 1e-6).map((f) => f.name);
}

/**
 * R4 / R2.3: every face and non-degenerate edge has exactly one canonical name, names are
 * unique, parse and format back to themselves, and resolve to exactly their entity.
 * Returns a list of problems (empty when all is well).
 */
export function nameProblems(oc: OC, body: NamedBody): string[] {
  const problems: string[] = [];
  const faceCount = subShapes(oc, body.shape.wrapped, "face");
  const edges = subShapes(oc, body.shape.wrapped, "edge");
  const named = edges.filter((e) => !oc.BRep_Tool.Degenerated(e)).length;
  if (faceCount.length !== body.faces.length) {
    problems.push(`${faceCount.length} faces but ${body.faces.length} names`);
  }
  if (named !== body.edges.length) problems.push(`${named} edges but ${body.edges.length} names`);
  faceCount.forEach((f) => f.delete());
  edges.forEach((e) => e.delete());
  const seen = new Set<string>();
  for (const f of body.faces) {
    if (seen.has(`face:${f.name}`)) problems.push(`duplicate face:${f.name}`);
    seen.add(`face:${f.name}`);
    const p = parseFaceName(f.name);
    if (!p.ok || formatFaceName(p.value) !== f.name)
      problems.push(`face name ${f.name} does not round-trip`);
    const r = resolveRef(body, `face:${f.name}`, "any");
    if (!r.ok || r.value.faces.length !== 1 || r.value.faces[0] !== f) {
      problems.push(`face:${f.name} does not resolve to itself`);
    }
  }
  for (const e of body.edges) {
    if (seen.has(`edge:${e.name}`)) problems.push(`duplicate edge:${e.name}`);
    seen.add(`edge:${e.name}`);
    const p = parseEdgeName(e.name);
    if (!p.ok || formatEdgeName(p.value) !== e.name)
      problems.push(`edge name ${e.name} does not round-trip`);
    const r = resolveRef(body, `edge:${e.name}`, "any");
    if (!r.ok || r.value.edges.length !== 1 || r.value.edges[0] !== e) {
      problems.push(`edge:${e.name} does not resolve to itself`);
    }
  }
  return problems;
}

/** A small seeded PRNG (mulberry32) for reproducible corpora. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
