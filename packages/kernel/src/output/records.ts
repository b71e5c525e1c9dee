/**
 * Per-face and per-edge measurements of a body, reusable by the next body (incremental outputs).
 *
 * A feature edit changes a few faces and edges of the body; the rest keep their OpenCascade
 * identity (same TShape, location and orientation: `IsEqual`). Everything the topology index and
 * the body properties need from OpenCascade is measured per face and per edge into plain JS
 * records, and a new body takes over the records of an older body's `IsEqual` faces and edges
 * instead of measuring again. Names are not part of a record: refs, feature ids and marks are
 * read from the current body every time (topology.ts), so a renamed face gets its new ref.
 *
 * - Lookup: `ReplicadShapeHasher.HashCode` buckets + `IsEqual` against a donor body's faces and
 *   edges (as naming/ does with IsSame; this binding has no NCollection maps or history). Donor
 *   bodies must be alive while `bodyRecords` runs (KernelService checks with the builder).
 * - Records hold numbers only (and other records): no OpenCascade object. The OC shapes used for
 *   the lookup are the donor body's own, reached through the body, never stored here.
 * - Edge convexity depends on the edge and its two faces: an edge record names the face records
 *   it was measured against, and is reused only when the new body's faces (by name) have those
 *   very records, in the same order.
 * - Volume and centre of mass are sums over faces (divergence theorem: BRepGProp's volume
 *   integral is itself a sum of per-face integrals). OpenCascade takes each face's volume
 *   relative to the rough barycentre of the shape it is given, which changes with every edit, so
 *   each face is measured relative to the origin instead (see `faceVolume`). Area is the sum of
 *   per-face areas and the box the union of per-face boxes, as in BRepGProp/BRepBndLib.
 * - Sums run in the body's face order (sorted by name): a body gets bit-identical properties
 *   whether its records were measured afresh or taken over.
 */
import type { TopoDS_Edge, TopoDS_Face, TopoDS_Shape } from "replicad-opencascadejs";
import type { NamedBody } from "../naming/named-body.ts";
import type { OC } from "../oc/load.ts";
import { Scope, withScope } from "../oc/scope.ts";
import { hashOf, occurrences, SHAPE, topAbs } from "../oc/topo.ts";
import type { BBox, Convexity, Vec3 } from "../types.ts";
import { edgeConvexity, edgeGeometry, type EdgeGeometry } from "./edge-geometry.ts";
import { faceGeometry, type FaceGeometry } from "./face-geometry.ts";

export interface FaceRecord {
  geometry: FaceGeometry;
  /** Signed volume of the cone from the origin to the face (its share of the body's volume). */
  volume: number;
  /** First moment of that cone about the origin (its share of volume × centre of mass). */
  moment: Vec3;
}

export interface EdgeRecord {
  geometry: EdgeGeometry;
  convexity: Convexity;
  /** The face records convexity was measured against (null: a face missing, "smooth"). */
  against: [FaceRecord | null, FaceRecord | null];
}

export interface BodyRecords {
  /** Parallel to `body.faces`. */
  faces: FaceRecord[];
  /** Parallel to `body.edges`. */
  edges: EdgeRecord[];
  /** Shape hash → indices into `body.faces` / `body.edges` (lookups by later bodies). */
  faceHash: Map<number, number[]>;
  edgeHash: Map<number, number[]>;
  /** Faces and edges measured for this body (not taken over): for tests and the bench. */
  measured: { faces: number; edges: number };
}

/** A body whose records may be taken over. It must be alive (not freed) during the call. */
export interface Donor {
  body: NamedBody;
  records: BodyRecords;
}

function push<T>(m: Map<number, T[]>, k: number, v: T): void {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
}

/** Records of `body`, taking over those of `IsEqual` faces and edges of `donors`. */
export function bodyRecords(oc: OC, body: NamedBody, donors: readonly Donor[] = []): BodyRecords {
  const faceHash = new Map<number, number[]>();
  const edgeHash = new Map<number, number[]>();
  const measured = { faces: 0, edges: 0 };
  const faces = body.faces.map((f, i) => {
    const shape = f.face.wrapped;
    const h = hashOf(oc, shape);
    push(faceHash, h, i);
    for (const d of donors) {
      for (const j of d.records.faceHash.get(h) ?? []) {
        if (d.body.faces[j]!.face.wrapped.IsEqual(shape)) return d.records.faces[j]!;
      }
    }
    measured.faces++;
    const { volume, moment } = faceVolume(oc, shape);
    return { geometry: faceGeometry(oc, f.face), volume, moment };
  });
  const faceIndex = new Map(body.faces.map((f, i) => [f.name, i]));
  const faceEdges = new FaceEdges(oc, body);
  let edges: EdgeRecord[];
  try {
    edges = body.edges.map((e, i) => {
      const shape = e.edge.wrapped;
      const h = hashOf(oc, shape);
      push(edgeHash, h, i);
      const i1 = faceIndex.get(e.faces[0]);
      const i2 = faceIndex.get(e.faces[1]);
      const against: EdgeRecord["against"] = [
        i1 === undefined ? null : faces[i1]!,
        i2 === undefined ? null : faces[i2]!,
      ];
      let geometry: EdgeGeometry | null = null;
      for (const d of donors) {
        for (const j of d.records.edgeHash.get(h) ?? []) {
          if (!d.body.edges[j]!.edge.wrapped.IsEqual(shape)) continue;
          const old = d.records.edges[j]!;
          if (old.against[0] === against[0] && old.against[1] === against[1]) return old;
          geometry = old.geometry;
          break;
        }
        if (geometry) break;
      }
      measured.edges++;
      geometry ??= edgeGeometry(oc, e.edge);
      const f1 = i1 === undefined ? undefined : body.faces[i1]!.face;
      const f2 = i2 === undefined ? undefined : body.faces[i2]!.face;
      const convexity =
        f1 && f2 ? edgeConvexity(oc, e.edge, f1, f2, (x) => faceEdges.find(i1!, x)) : "smooth";
      return { geometry, convexity, against };
    });
  } finally {
    faceEdges.close();
  }
  return { faces, edges, faceHash, edgeHash, measured };
}

/**
 * The edge occurrences of each face, explored once per face (not once per edge measured: a big
 * face has hundreds) and bucketed by hash; `find` gives the first occurrence, in explorer order,
 * that IsSame an edge. Owns the occurrences until `close`.
 */
class FaceEdges {
  private readonly sc = new Scope();
  private readonly byFace = new Map<number, Map<number, TopoDS_Edge[]>>();
  constructor(
    private readonly oc: OC,
    private readonly body: NamedBody,
  ) {}

  find(face: number, edge: TopoDS_Edge): TopoDS_Edge | undefined {
    let buckets = this.byFace.get(face);
    if (!buckets) {
      buckets = new Map();
      const occ = occurrences(this.oc, this.body.faces[face]!.face.wrapped, "edge");
      for (const x of occ) this.sc.track(x);
      for (const x of occ) push(buckets, hashOf(this.oc, x), x);
      this.byFace.set(face, buckets);
    }
    return buckets.get(hashOf(this.oc, edge))?.find((x) => x.IsSame(edge));
  }

  close(): void {
    this.sc.close();
  }
}

/**
 * Volume share and first moment of one face, relative to the origin.
 *
 * BRepGProp::VolumeProperties integrates each face relative to the average of the vertex
 * occurrences of the shape it is given (`roughBaryCenter`), and offers no way to pass the point.
 * So the face goes in a compound with one extra vertex at minus the sum of the face's own vertex
 * occurrences (summed in explorer order, as OpenCascade sums them): the average is then exactly
 * the origin. The extra vertex has no face, so it adds nothing to the volume.
 */
export function faceVolume(oc: OC, face: TopoDS_Face): { volume: number; moment: Vec3 } {
  return withScope((sc) => {
    const ex = sc.track(new oc.TopExp_Explorer(face, topAbs(oc, "vertex"), SHAPE(oc)));
    let x = 0;
    let y = 0;
    let z = 0;
    for (; ex.More(); ex.Next()) {
      const v = sc.track(oc.TopoDS.Vertex(sc.track(ex.Current())));
      const p = sc.track(oc.BRep_Tool.Pnt(v));
      x += p.X();
      y += p.Y();
      z += p.Z();
    }
    const mk = sc.track(new oc.BRepBuilderAPI_MakeVertex(sc.track(new oc.gp_Pnt(-x, -y, -z))));
    const compound = sc.track(new oc.TopoDS_Compound());
    const b = sc.track(new oc.TopoDS_Builder());
    b.MakeCompound(compound);
    b.Add(compound, face);
    b.Add(compound, sc.track(mk.Vertex()));
    const props = sc.track(new oc.GProp_GProps());
    oc.BRepGProp.VolumeProperties(compound, props, false, false, false);
    const volume = props.Mass();
    const c = sc.track(props.CentreOfMass());
    return { volume, moment: [c.X() * volume, c.Y() * volume, c.Z() * volume] };
  });
}

/** Number of face occurrences in `shape` (duplicates included), as BRepGProp iterates them. */
export function faceOccurrences(oc: OC, shape: TopoDS_Shape): number {
  return withScope((sc) => {
    const ex = sc.track(new oc.TopExp_Explorer(shape, topAbs(oc, "face"), SHAPE(oc)));
    let n = 0;
    for (; ex.More(); ex.Next()) {
      sc.track(ex.Current());
      n++;
    }
    return n;
  });
}

/** Raw (unrounded) mass properties from per-face records, summed in the body's face order. */
export function sumFaces(records: readonly FaceRecord[]): {
  volume: number;
  area: number;
  centerOfMass: Vec3;
  bbox: BBox;
} {
  let volume = 0;
  let area = 0;
  const m: Vec3 = [0, 0, 0];
  const min: Vec3 = [Infinity, Infinity, Infinity];
  const max: Vec3 = [-Infinity, -Infinity, -Infinity];
  for (const r of records) {
    volume += r.volume;
    area += r.geometry.area;
    for (let k = 0; k < 3; k++) {
      m[k] = m[k]! + r.moment[k]!;
      min[k] = Math.min(min[k]!, r.geometry.bbox.min[k]!);
      max[k] = Math.max(max[k]!, r.geometry.bbox.max[k]!);
    }
  }
  const centerOfMass: Vec3 =
    Math.abs(volume) >= 1e-20 ? [m[0] / volume, m[1] / volume, m[2] / volume] : [0, 0, 0];
  return { volume, area, centerOfMass, bbox: { min, max } };
}
