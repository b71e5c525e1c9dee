/**
 * Lookup tables over one NamedBody for resolving names (R3): canonical names, base names of
 * pieces, aliases of merged faces, and edges by the faces they separate. Built once per body
 * (cached); geometric keys for `@k`/`#k` picks are computed lazily.
 */
import { getOC } from "replicad";
import { formatEdgeName, formatFaceName, parseEdgeName, parseFaceName } from "@kerf/document";
import type { OC } from "../oc/load.ts";
import type { Vec3 } from "../types.ts";
import type { EdgeRec } from "./assemble.ts";
import type { FaceRec } from "./claims.ts";
import { comparePoints, edgeMidpoint, faceCentroid, isSmoothEdge } from "./geometry.ts";
import type { NamedBody } from "./named-body.ts";

export class NameIndex {
  readonly faceByName = new Map<string, FaceRec>();
  readonly facesByBase = new Map<string, FaceRec[]>();
  readonly facesByAlias = new Map<string, FaceRec[]>();
  readonly edgeByName = new Map<string, EdgeRec>();
  readonly edgesOfFace = new Map<FaceRec, EdgeRec[]>();
  private centroids = new Map<FaceRec, Vec3>();
  private midpoints = new Map<EdgeRec, Vec3>();
  private smooth = new Map<EdgeRec, boolean>();

  constructor(readonly body: NamedBody) {
    for (const f of body.faces as FaceRec[]) {
      this.faceByName.set(f.name, f);
      push(this.facesByBase, f.base, f);
      for (const a of f.aliases) push(this.facesByAlias, a, f);
    }
    for (const e of body.edges as EdgeRec[]) {
      this.edgeByName.set(e.name, e);
      push(this.edgesOfFace, e.faceRecs[0], e);
      if (e.faceRecs[1] !== e.faceRecs[0]) push(this.edgesOfFace, e.faceRecs[1], e);
    }
  }

  private get oc(): OC {
    return getOC() as OC;
  }

  centroid(f: FaceRec): Vec3 {
    let c = this.centroids.get(f);
    if (!c) this.centroids.set(f, (c = faceCentroid(this.oc, f.face.wrapped)));
    return c;
  }

  midpoint(e: EdgeRec): Vec3 {
    let m = this.midpoints.get(e);
    if (!m) this.midpoints.set(e, (m = edgeMidpoint(this.oc, e.edge.wrapped)));
    return m;
  }

  isSeam(e: EdgeRec): boolean {
    return e.faceRecs[0] === e.faceRecs[1];
  }

  /** The two faces meet tangentially along `e` (D5.0.1). */
  isSmooth(e: EdgeRec): boolean {
    let s = this.smooth.get(e);
    if (s === undefined) {
      s = this.isSeam(e)
        ? true
        : isSmoothEdge(
            this.oc,
            e.edge.wrapped,
            e.faceRecs[0].face.wrapped,
            e.faceRecs[1].face.wrapped,
          );
      this.smooth.set(e, s);
    }
    return s;
  }

  /**
   * Faces a face name (no prefix) resolves to: the canonical face, or every piece and merged
   * face of a base name or alias; `@k` picks the k-th in centroid order (R3.1). Empty: none.
   */
  faces(name: string): FaceRec[] {
    const exact = this.faceByName.get(name);
    if (exact) return [exact];
    const parsed = parseFaceName(name);
    if (!parsed.ok) return [];
    const norm = formatFaceName(parsed.value);
    const exactNorm = this.faceByName.get(norm);
    if (exactNorm) return [exactNorm];
    const base = formatFaceName({ feature: parsed.value.feature, role: parsed.value.role });
    const set = [
      ...new Set([...(this.facesByBase.get(base) ?? []), ...(this.facesByAlias.get(base) ?? [])]),
    ];
    const k = parsed.value.piece;
    if (k === undefined) return set;
    const sorted = set
      .map((f) => ({ f, c: this.centroid(f) }))
      .sort((x, y) => comparePoints(x.c, y.c));
    const hit = sorted[k - 1];
    return hit ? [hit.f] : [];
  }

  /**
   * Edges an edge name (no prefix) resolves to: those separating a face of its first name from a
   * face of its second (a seam when both names are equal); `#k` picks by midpoint order (R3.1).
   */
  edges(name: string): EdgeRec[] {
    const exact = this.edgeByName.get(name);
    if (exact) return [exact];
    const parsed = parseEdgeName(name);
    if (!parsed.ok) return [];
    const norm = formatEdgeName(parsed.value);
    const exactNorm = this.edgeByName.get(norm);
    if (exactNorm) return [exactNorm];
    const an = formatFaceName(parsed.value.a);
    const bn = formatFaceName(parsed.value.b);
    const A = new Set(this.faces(an));
    const B = new Set(this.faces(bn));
    const seam = an === bn;
    const out = new Set<EdgeRec>();
    for (const f of A) {
      for (const e of this.edgesOfFace.get(f) ?? []) {
        const [x, y] = e.faceRecs;
        if (seam ? x === y : x !== y && ((A.has(x) && B.has(y)) || (A.has(y) && B.has(x)))) {
          out.add(e);
        }
      }
    }
    const set = [...out];
    const k = parsed.value.index;
    if (k === undefined) return set;
    const sorted = set
      .map((e) => ({ e, m: this.midpoint(e) }))
      .sort((x, y) => comparePoints(x.m, y.m));
    const hit = sorted[k - 1];
    return hit ? [hit.e] : [];
  }
}

function push<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
}

const cache = new WeakMap<NamedBody, NameIndex>();

/** The (cached) index of a body. */
export function nameIndex(body: NamedBody): NameIndex {
  let ix = cache.get(body);
  if (!ix) cache.set(body, (ix = new NameIndex(body)));
  return ix;
}
