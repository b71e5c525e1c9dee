/**
 * The topology index (types.ts TopologyIndex, ai.md T1): FaceInfo/EdgeInfo for every canonical
 * face and edge of a body, numbers rounded to 1e-6, sorted by ref, plus the body's aliases and
 * retired names. Plain data: the AI tools, the CLI and the viewer resolve and describe refs
 * with it and never touch OpenCascade.
 */
import { faceFrame } from "../build/frame.ts";
import type { NamedBody, NamedEdge, NamedFace } from "../naming/named-body.ts";
import type { OC } from "../oc/load.ts";
import type { EdgeInfo, FaceInfo, TopologyIndex } from "../types.ts";
import type { FaceGeometry } from "./face-geometry.ts";
import { bodyRecords, type BodyRecords, type EdgeRecord } from "./records.ts";
import { r6, rbox, rframe, rv } from "./round.ts";

const byRef = (a: { ref: string }, b: { ref: string }): number =>
  a.ref < b.ref ? -1 : a.ref > b.ref ? 1 : 0;

/** No body: nothing to describe. */
export const emptyTopology = (): TopologyIndex => ({
  faces: [],
  edges: [],
  aliases: {},
  retired: {},
});

export function topologyIndex(oc: OC, body: NamedBody): TopologyIndex {
  return topologyFromRecords(body, bodyRecords(oc, body));
}

/**
 * The index from measured records (records.ts): names, feature ids and marks come from `body`,
 * geometry from the records, so this makes fresh objects and touches no OpenCascade object.
 */
export function topologyFromRecords(body: NamedBody, records: BodyRecords): TopologyIndex {
  const edgeCount = new Map<string, number>();
  for (const e of body.edges) {
    for (const f of new Set(e.faces)) edgeCount.set(f, (edgeCount.get(f) ?? 0) + 1);
  }
  const faces = body.faces
    .map((f, i) => faceInfoOf(f, records.faces[i]!.geometry, edgeCount.get(f.name) ?? 0))
    .sort(byRef);
  const edges = body.edges.map((e, i) => edgeInfoOf(e, records.edges[i]!)).sort(byRef);
  return {
    faces,
    edges,
    aliases: structuredClone(body.aliases),
    retired: structuredClone(body.retired),
  };
}

function marks(x: NamedFace | NamedEdge): Pick<FaceInfo, "fragile" | "resolvedBy"> {
  // R2.5: marked only when it matters, so ordinary names print short.
  return {
    ...(x.fragile ? { fragile: true } : {}),
    ...(x.resolvedBy === "geometry" ? { resolvedBy: "geometry" as const } : {}),
  };
}

function faceInfoOf(f: NamedFace, g: FaceGeometry, edgeCount: number): FaceInfo {
  // Keys in ai.md T1 order, optional ones only when they apply.
  return {
    ref: `face:${f.name}`,
    featureId: f.featureId,
    surfaceType: g.surfaceType,
    area: r6(g.area),
    centroid: rv(g.centroid),
    bbox: rbox(g.bbox),
    ...(g.normal ? { normal: rv(g.normal) } : {}),
    ...(g.axis ? { axis: { origin: rv(g.axis.origin), direction: rv(g.axis.direction) } } : {}),
    ...(g.radius !== undefined ? { radius: r6(g.radius) } : {}),
    // D4.1: the frame a sketch on this face would get (get_geometry reports it).
    ...(g.normal && g.planePoint ? { sketchFrame: rframe(faceFrame(g.normal, g.planePoint)) } : {}),
    edgeCount,
    ...marks(f),
  };
}

function edgeInfoOf(e: NamedEdge, r: Pick<EdgeRecord, "geometry" | "convexity">): EdgeInfo {
  const g = r.geometry;
  return {
    ref: `edge:${e.name}`,
    featureId: e.featureId,
    curveType: g.curveType,
    length: r6(g.length),
    start: rv(g.start),
    end: rv(g.end),
    midpoint: rv(g.midpoint),
    ...(g.direction ? { direction: rv(g.direction) } : {}),
    ...(g.center ? { center: rv(g.center) } : {}),
    ...(g.radius !== undefined ? { radius: r6(g.radius) } : {}),
    convexity: r.convexity,
    faces: [`face:${e.faces[0]}`, `face:${e.faces[1]}`],
    ...marks(e),
  };
}
