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
import type { TopoDS_Shape } from "replicad-opencascadejs";
import type { NamedBody } from "../naming/named-body.ts";
import type { OC } from "../oc/load.ts";
import type { BodyMesh } from "../types.ts";

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

  const parts: { positions: Float32Array; normals: Float32Array; indices: Uint32Array }[] = [];
  const faces: BodyMesh["faces"] = [];
  let vertices = 0;
  let triangles = 0;
  for (const f of body.faces) {
    const raw = oc.ReplicadMeshExtractor.extract(f.face.wrapped, tol, ang, false);
    try {
      // Views on the WASM heap are taken after the call (the heap may have grown) and copied.
      const buf = oc.wasmMemory.buffer;
      const positions = new Float32Array(buf, raw.getVerticesPtr(), raw.getVerticesSize()).slice();
      const normals = new Float32Array(buf, raw.getNormalsPtr(), raw.getNormalsSize()).slice();
      const local = new Uint32Array(buf, raw.getTrianglesPtr(), raw.getTrianglesSize());
      const indices = new Uint32Array(local.length);
      for (let i = 0; i < local.length; i++) indices[i] = local[i]! + vertices;
      const count = indices.length / 3;
      faces.push({ ref: `face:${f.name}`, start: triangles, count });
      parts.push({ positions, normals, indices });
      vertices += positions.length / 3;
      triangles += count;
    } finally {
      raw.delete();
    }
  }

  const positions = new Float32Array(vertices * 3);
  const normals = new Float32Array(vertices * 3);
  const indices = new Uint32Array(triangles * 3);
  let v = 0;
  let t = 0;
  for (const p of parts) {
    positions.set(p.positions, v);
    normals.set(p.normals.length === p.positions.length ? p.normals : p.positions.fill(0), v);
    indices.set(p.indices, t);
    v += p.positions.length;
    t += p.indices.length;
  }
  return { positions, normals, indices, faces, edges: meshEdges(oc, body, tol, ang) };
}

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
