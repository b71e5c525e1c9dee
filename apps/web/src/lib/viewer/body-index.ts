/**
 * Lookup tables over a kernel BodyMesh for picking and highlighting: triangle → face, and every
 * edge polyline flattened into one segment array. Pure data, no three.js objects, so it is
 * testable in Node and cheap to rebuild when the body changes.
 */
import type { BodyMesh } from "@kerf/kernel";

export interface BodyIndex {
  /** Face number (index into `faceRefs`) of every triangle. */
  triangleFace: Uint32Array;
  faceRefs: string[];
  /** Triangle ranges of each face, as in the mesh. */
  faceRanges: { start: number; count: number }[];
  faceByRef: Map<string, number>;
  edgeRefs: string[];
  edgeByRef: Map<string, number>;
  /** Segments of every edge polyline: 6 floats each (x1 y1 z1 x2 y2 z2). */
  segments: Float32Array;
  /** Edge number of every segment. */
  segmentEdge: Uint32Array;
  /** First segment and count of every edge. */
  edgeSegments: { start: number; count: number }[];
  triangleCount: number;
}

export function indexBody(mesh: BodyMesh): BodyIndex {
  const triangleCount = Math.floor(mesh.indices.length / 3);
  const triangleFace = new Uint32Array(triangleCount);
  const faceRefs: string[] = [];
  const faceRanges: { start: number; count: number }[] = [];
  const faceByRef = new Map<string, number>();
  mesh.faces.forEach((f, i) => {
    faceRefs.push(f.ref);
    faceRanges.push({ start: f.start, count: f.count });
    faceByRef.set(f.ref, i);
    const end = Math.min(triangleCount, f.start + f.count);
    triangleFace.fill(i, f.start, end);
  });

  let segmentCount = 0;
  for (const e of mesh.edges) segmentCount += Math.max(0, e.positions.length / 3 - 1);
  const segments = new Float32Array(segmentCount * 6);
  const segmentEdge = new Uint32Array(segmentCount);
  const edgeRefs: string[] = [];
  const edgeByRef = new Map<string, number>();
  const edgeSegments: { start: number; count: number }[] = [];
  let s = 0;
  mesh.edges.forEach((e, i) => {
    edgeRefs.push(e.ref);
    edgeByRef.set(e.ref, i);
    const p = e.positions;
    const n = Math.max(0, p.length / 3 - 1);
    edgeSegments.push({ start: s, count: n });
    for (let k = 0; k < n; k++) {
      segments.set(p.subarray(k * 3, k * 3 + 6), s * 6);
      segmentEdge[s] = i;
      s++;
    }
  });

  return {
    triangleFace,
    faceRefs,
    faceRanges,
    faceByRef,
    edgeRefs,
    edgeByRef,
    segments,
    segmentEdge,
    edgeSegments,
    triangleCount,
  };
}

/** Triangle indices (into the mesh's index buffer) of the given faces, concatenated. */
export function faceTriangles(
  mesh: BodyMesh,
  index: BodyIndex,
  refs: Iterable<string>,
): Uint32Array {
  const ranges: { start: number; count: number }[] = [];
  let total = 0;
  for (const ref of refs) {
    const i = index.faceByRef.get(ref);
    if (i === undefined) continue;
    const r = index.faceRanges[i];
    if (!r) continue;
    ranges.push(r);
    total += r.count * 3;
  }
  const out = new Uint32Array(total);
  let o = 0;
  for (const r of ranges) {
    out.set(mesh.indices.subarray(r.start * 3, (r.start + r.count) * 3), o);
    o += r.count * 3;
  }
  return out;
}

/** Segment positions (6 floats each) of the given edges, concatenated. */
export function edgeSegmentPositions(index: BodyIndex, refs: Iterable<string>): Float32Array {
  const parts: Float32Array[] = [];
  let total = 0;
  for (const ref of refs) {
    const i = index.edgeByRef.get(ref);
    if (i === undefined) continue;
    const r = index.edgeSegments[i];
    if (!r) continue;
    const part = index.segments.subarray(r.start * 6, (r.start + r.count) * 6);
    parts.push(part);
    total += part.length;
  }
  const out = new Float32Array(total);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}
