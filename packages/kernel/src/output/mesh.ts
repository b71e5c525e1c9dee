/**
 * The body as triangles for the viewer (types.ts BodyMesh): one contiguous triangle range per
 * named face, one polyline per named edge, a normal per vertex.
 *
 * TRAP: replicad's `mesh()` tags its face groups with a shape hash (`faceId`), not an index into
 * anything Kerf names, and two faces may share a hash. So the whole shape is triangulated once
 * (BRepMesh_IncrementalMesh, so that neighbouring faces share their edges' discretisation and
 * the mesh is watertight) and then each named face is extracted on its own: its range is
 * exactly its triangles, in the body's face order (sorted by name).
 */
import type { TopoDS_Face, TopoDS_Shape } from "replicad-opencascadejs";
import type { NamedBody } from "../naming/named-body.ts";
import type { OC } from "../oc/load.ts";
import type { BodyMesh } from "../types.ts";
import { stlToTriangles, type FaceTriangles } from "./stl-triangles.ts";

export interface MeshOptions {
  /** Maximum chordal deviation in mm (default 0.05). */
  tolerance?: number;
  /** Maximum angle between neighbouring facets, radians (default 0.3, ~17°). */
  angularTolerance?: number;
}

export const DEFAULT_MESH_TOLERANCE = 0.05;
export const DEFAULT_ANGULAR_TOLERANCE = 0.3;

/**
 * OpenCascade keeps a face's triangulation and never makes it coarser: after a fine mesh (an
 * STL export), a coarse request would return the fine one. When the requested tolerance changes,
 * the old triangulations are dropped first.
 */
let lastTolerance: string | null = null;

/** Triangulate `shape` (stored on its faces) at the given tolerances. */
export function triangulate(oc: OC, shape: TopoDS_Shape, tolerance: number, angular: number): void {
  const key = `${tolerance}/${angular}`;
  if (lastTolerance !== key) {
    oc.BRepTools.Clean(shape, true);
    lastTolerance = key;
  }
  const mesher = new oc.BRepMesh_IncrementalMesh(shape, tolerance, false, angular, false);
  mesher.delete();
}

export function meshBody(oc: OC, body: NamedBody, options: MeshOptions = {}): BodyMesh {
  const tol = options.tolerance ?? DEFAULT_MESH_TOLERANCE;
  const ang = options.angularTolerance ?? DEFAULT_ANGULAR_TOLERANCE;
  triangulate(oc, body.shape.wrapped, tol, ang);
  return {
    ...extractFaces(
      oc,
      body.faces.map((f) => ({ name: f.name, shape: f.face.wrapped })),
      tol,
      ang,
    ),
    edges: meshEdges(oc, body, tol, ang),
  };
}

let serial = 0;

/**
 * The stored triangulations of `faces`, one contiguous triangle range each, in order.
 *
 * PERF: reading a triangulation through the bindings costs a call per node, normal and triangle
 * (Node(i), Triangle(i)… each a JS↔WASM crossing and an allocation), and
 * `ReplicadMeshExtractor.extract` spends about as long as the mesher itself on every face (0.55 s
 * for a 40k-triangle torus, with or without normals). OpenCascade's STL writer instead copies a
 * face's triangles out in one call (location applied, winding reversed for a REVERSED face, so
 * they face outwards): bytes in the in-memory file system, parsed, welded and given normals in
 * JS (stl-triangles.ts). Extraction is then ~1% of meshing (bench/run.ts, largeMesh: 226k
 * triangles extracted in 0.12 s instead of 9.3 s; the mesher takes ~10 s).
 */
export function extractFaces(
  oc: OC,
  faces: readonly { name: string; shape: TopoDS_Face }[],
  tol: number,
  ang: number,
): Pick<BodyMesh, "positions" | "normals" | "indices" | "faces"> {
  const path = `/kerf-mesh-${++serial}.stl`;
  const parts: FaceTriangles[] = [];
  const ranges: BodyMesh["faces"] = [];
  let vertices = 0;
  let triangles = 0;
  for (const f of faces) {
    let stl = faceStl(oc, f.shape, path);
    if (!stl) {
      // No triangulation on this face after meshing the whole body: mesh it alone, once; still
      // nothing gives an empty range.
      new oc.BRepMesh_IncrementalMesh(f.shape, tol, false, ang, false).delete();
      stl = faceStl(oc, f.shape, path);
    }
    const part = stl ? stlToTriangles(stl) : EMPTY;
    const count = part.indices.length / 3;
    ranges.push({ ref: `face:${f.name}`, start: triangles, count });
    parts.push(part);
    vertices += part.positions.length / 3;
    triangles += count;
  }

  const positions = new Float32Array(vertices * 3);
  const normals = new Float32Array(vertices * 3);
  const indices = new Uint32Array(triangles * 3);
  let v = 0;
  let t = 0;
  for (const p of parts) {
    positions.set(p.positions, v * 3);
    normals.set(p.normals, v * 3);
    const local = p.indices;
    for (let i = 0; i < local.length; i++) indices[t + i] = local[i]! + v;
    v += p.positions.length / 3;
    t += local.length;
  }
  return { positions, normals, indices, faces: ranges };
}

/** A face's triangles as a binary STL, or null when it has none (the writer then fails). */
function faceStl(oc: OC, face: TopoDS_Face, path: string): Uint8Array | null {
  try {
    return oc.StlAPI.Write(face, path, false) ? oc.FS.readFile(path) : null;
  } finally {
    try {
      oc.FS.unlink(path);
    } catch {
      // Not written.
    }
  }
}

const EMPTY: FaceTriangles = {
  positions: new Float32Array(0),
  normals: new Float32Array(0),
  indices: new Uint32Array(0),
};

/**
 * One polyline per named edge. The extractor gives line segments as pairs of points (a, b),
 * (b, c), …; the polyline keeps the first point and every segment's end.
 */
function meshEdges(oc: OC, body: NamedBody, tol: number, ang: number): BodyMesh["edges"] {
  return body.edges.map((e) => {
    const raw = oc.ReplicadEdgeMeshExtractor.extract(e.edge.wrapped, tol, ang);
    try {
      const seg = new Float32Array(oc.wasmMemory.buffer, raw.getLinesPtr(), raw.getLinesSize());
      return { ref: `edge:${e.name}`, positions: segmentsToPolyline(seg) };
    } finally {
      raw.delete();
    }
  });
}

function segmentsToPolyline(seg: Float32Array): Float32Array {
  const n = seg.length / 6; // segments
  if (n === 0) return new Float32Array(0);
  const out = new Float32Array((n + 1) * 3);
  out.set(seg.subarray(0, 3), 0);
  for (let i = 0; i < n; i++) out.set(seg.subarray(i * 6 + 3, i * 6 + 6), (i + 1) * 3);
  return out;
}
