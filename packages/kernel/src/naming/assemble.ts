/**
 * From a result shape and the claims its history gave each face to a NamedBody (R2.3): pick each
 * face's name (R2.1 merge rule), number pieces `@k` and parallel edges `#k` (R3.1 order), fall
 * back to geometry (R2.2) and then to `new:<n>` for faces no history names, and derive every
 * edge's canonical name from its two faces.
 *
 * Ownership: `shape` and `faces` move into the returned body (its replicad wrappers own them).
 */
import { edgeNameOf, isFragileName, type FeatureType } from "@kerf/document";
import { Compound, Edge, Face, Solid } from "replicad";
import type { TopoDS_Edge, TopoDS_Face, TopoDS_Shape } from "replicad-opencascadejs";
import type { OC } from "../oc/load.ts";
import { ShapeMap, downcast, occurrences, subShapes } from "../oc/topo.ts";
import type { FeatureStatus } from "../types.ts";
import { chooseName, featureOfName, type Claim, type FaceRec } from "./claims.ts";
import { comparePoints, distance, edgeMidpoint, faceCentroid } from "./geometry.ts";
import type { NamedBody, NamedEdge, ResolvedBy } from "./named-body.ts";

export interface AssembleArgs {
  shape: TopoDS_Shape;
  /** `subShapes(shape, "face")`, in that order. */
  faces: TopoDS_Face[];
  /** Claims per face (same order). */
  claims: Claim[][];
  /** Faces before the operation with their claims, for the geometric fallback (borrowed). */
  fallback: { face: TopoDS_Face; claim: Claim }[];
  /** The feature building this body (for `new:<n>`). */
  featureId: string;
  order: (featureId: string) => number;
  featureStatus: Record<string, FeatureStatus["status"]>;
  featureTypes: Record<string, FeatureType>;
}

/** NamedEdge plus the naming data the resolver needs. */
export interface EdgeRec extends NamedEdge {
  /** Name without `#k`: the two canonical face names. */
  base: string;
  /** The faces it separates (the same face twice for a seam). */
  faceRecs: [FaceRec, FaceRec];
}

const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export function assembleBody(oc: OC, a: AssembleArgs): NamedBody {
  const names = a.faces.map((face, i) => {
    const claims = a.claims[i]!;
    if (claims.length > 0) return chooseName(claims, a.order);
    return geometricClaim(oc, face, a.fallback);
  });

  // `new:<n>` for faces nothing names, numbered in centroid order (deterministic).
  const unnamed = a.faces
    .map((f, i) => ({ i, c: names[i] ? null : faceCentroid(oc, f) }))
    .filter((x) => x.c)
    .sort((x, y) => comparePoints(x.c!, y.c!));
  unnamed.forEach(({ i }, k) => {
    names[i] = { base: `${a.featureId}:new:${k + 1}`, aliases: [], resolvedBy: "history" };
  });

  const recs: FaceRec[] = a.faces.map((face, i) => {
    const c = names[i]!;
    return {
      face: new Face(face),
      name: c.base,
      base: c.base,
      aliases: c.aliases,
      featureId: featureOfName(c.base),
      fragile: false,
      resolvedBy: c.resolvedBy,
    };
  });

  // Pieces of one name: `@k` in centroid order (R2.3, R3.1).
  const aliases: Record<string, string[]> = {};
  for (const group of groupBy(recs, (r) => r.base).values()) {
    if (group.length < 2) continue;
    const keyed = group.map((r) => ({ r, c: faceCentroid(oc, r.face.wrapped) }));
    keyed.sort((x, y) => comparePoints(x.c, y.c));
    keyed.forEach(({ r }, k) => (r.name = `${r.base}@${k + 1}`));
    aliases[group[0]!.base] = keyed.map(({ r }) => r.name);
  }
  for (const r of recs) {
    r.fragile = isFragileName(r.name);
    for (const al of r.aliases) (aliases[al] ??= []).push(r.name);
  }

  const edges = buildEdges(oc, a.faces, recs, a.order, aliases);
  for (const k of Object.keys(aliases)) aliases[k]!.sort(byCodeUnits);

  recs.sort((x, y) => byCodeUnits(x.name, y.name));
  edges.sort((x, y) => byCodeUnits(x.name, y.name));
  const { shape, solids } = wrapShape(oc, a.shape);
  return {
    shape,
    faces: recs,
    edges,
    solids,
    aliases,
    retired: {},
    featureStatus: { ...a.featureStatus },
    featureTypes: { ...a.featureTypes },
  };
}

function groupBy<T>(items: T[], key: (t: T) => string): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const t of items) {
    const k = key(t);
    const g = m.get(k);
    if (g) g.push(t);
    else m.set(k, [t]);
  }
  return m;
}

/**
 * Fallback where history is silent (R2.2): the face whose centroid lies on a pre-operation face
 * (and on itself, so the centroid is a point of the result face) takes that face's name.
 */
function geometricClaim(
  oc: OC,
  face: TopoDS_Face,
  fallback: { face: TopoDS_Face; claim: Claim }[],
): Claim | null {
  if (fallback.length === 0) return null;
  const c = faceCentroid(oc, face);
  const p = new oc.gp_Pnt(c[0], c[1], c[2]);
  const mk = new oc.BRepBuilderAPI_MakeVertex(p);
  const vertex = mk.Vertex();
  try {
    if (distance(oc, vertex, face) > 1e-6) return null;
    const hits = fallback.filter((f) => distance(oc, vertex, f.face) <= 1e-6);
    if (hits.length !== 1) return null;
    const claim = hits[0]!.claim;
    return { base: claim.base, aliases: claim.aliases, resolvedBy: "geometry" };
  } finally {
    vertex.delete();
    mk.delete();
    p.delete();
  }
}

function buildEdges(
  oc: OC,
  faces: TopoDS_Face[],
  recs: FaceRec[],
  order: (featureId: string) => number,
  aliases: Record<string, string[]>,
): EdgeRec[] {
  const map = new ShapeMap<{ edge: TopoDS_Edge; faces: number[] }>(oc);
  faces.forEach((f, i) => {
    for (const e of occurrences(oc, f, "edge")) {
      const hit = map.get(e);
      if (hit) {
        hit.faces.push(i);
        e.delete();
      } else {
        map.set(e, { edge: e, faces: [i] });
      }
    }
  });
  const out: EdgeRec[] = [];
  for (const [, { edge, faces: fs }] of map.entries()) {
    if (oc.BRep_Tool.Degenerated(edge)) {
      edge.delete(); // R2.3: degenerate edges (poles) are not named
      continue;
    }
    const distinct = [...new Set(fs)];
    // A seam lists its face twice; a free edge (open shell) once: both are `X|X`.
    // A non-manifold edge (more than two faces) keeps the first two; it does not occur in solids
    // built by the features of document.md D5.
    const i = distinct[0]!;
    const j = distinct.length > 1 ? distinct[1]! : i;
    const fa = recs[i]!;
    const fb = recs[j]!;
    const [n1, n2] = [fa.name, fb.name].sort(byCodeUnits) as [string, string];
    const later = order(fa.featureId) >= order(fb.featureId) ? fa.featureId : fb.featureId;
    const resolvedBy: ResolvedBy =
      fa.resolvedBy === "geometry" || fb.resolvedBy === "geometry" ? "geometry" : "history";
    const base = edgeNameOf(n1, n2);
    out.push({
      edge: new Edge(edge),
      name: base,
      base,
      faces: [n1, n2],
      faceRecs: [fa, fb],
      featureId: later,
      fragile: false,
      resolvedBy,
    });
  }
  for (const group of groupBy(out, (e) => e.base).values()) {
    if (group.length < 2) continue;
    const keyed = group.map((e) => ({ e, m: edgeMidpoint(oc, e.edge.wrapped) }));
    keyed.sort((x, y) => comparePoints(x.m, y.m));
    keyed.forEach(({ e }, k) => (e.name = `${e.base}#${k + 1}`));
    aliases[group[0]!.base] = keyed.map(({ e }) => e.name);
  }
  for (const e of out) e.fragile = isFragileName(e.name);
  return out;
}

/** Wrap the result for replicad: a single solid unwrapped from its compound (D5.1). */
function wrapShape(oc: OC, shape: TopoDS_Shape): { shape: Solid | Compound; solids: number } {
  const solids = subShapes(oc, shape, "solid");
  if (solids.length === 1) {
    shape.delete();
    return { shape: new Solid(solids[0]!), solids: 1 };
  }
  solids.forEach((s) => s.delete());
  const kind = shape.ShapeType() as unknown;
  if (kind === oc.TopAbs_ShapeEnum.TopAbs_COMPOUND) {
    return { shape: new Compound(downcast(oc, shape, "compound")), solids: solids.length };
  }
  // A lone shell or similar: keep it inside a compound so the body is a Shape3D.
  const compound = new oc.TopoDS_Compound();
  const builder = new oc.TopoDS_Builder();
  builder.MakeCompound(compound);
  builder.Add(compound, shape);
  builder.delete();
  shape.delete();
  return { shape: new Compound(compound), solids: solids.length };
}

/** Free every OpenCascade object of a body (the builder calls this when it evicts one). */
export function disposeBody(body: NamedBody): void {
  for (const f of body.faces) f.face.delete();
  for (const e of body.edges) e.edge.delete();
  body.shape.delete();
}
