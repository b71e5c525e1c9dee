/**
 * Resolving refs against a body (references.md R3): a ref resolves to a set of faces or edges,
 * or to a typed error, never to a guess (R3.3). Resolution is always against the body as it
 * stands just before the consuming feature (R3.4): callers pass that body.
 */
import { featuresOfRef, formatRef, parseRef, type FeatureType } from "@kerf/document";
import { vdot, vsub } from "../build/frame.ts";
import type { FeatureError, FeatureStatus, RetiredName } from "../types.ts";
import type { EdgeRec } from "./assemble.ts";
import type { FaceRec } from "./claims.ts";
import { planeOf } from "./geometry.ts";
import { nameIndex, type NameIndex } from "./name-index.ts";
import type { NamedBody, RefNeed, ResolveResult, ResolvedBy } from "./named-body.ts";
import { nearest } from "./suggest.ts";
import { getOC } from "replicad";
import type { OC } from "../oc/load.ts";

/** Feature statuses, for REF_FAILED / REF_SUPPRESSED when there is no body to carry them. */
export interface ResolveContext {
  featureStatus: Record<string, FeatureStatus["status"]>;
  featureTypes: Record<string, FeatureType>;
}

const err = (
  code: FeatureError["code"],
  message: string,
  suggestions?: string[],
): ResolveResult => ({
  ok: false,
  error: suggestions?.length ? { code, message, suggestions } : { code, message },
});

const by = (items: { resolvedBy: ResolvedBy }[]): ResolvedBy =>
  items.some((i) => i.resolvedBy === "geometry") ? "geometry" : "history";

/** Resolve `ref` (`face:…` / `edge:…`) on `body` for a consumer that needs `need` (R3.2). */
export function resolveRef(
  body: NamedBody | null,
  ref: string,
  need: RefNeed,
  context?: ResolveContext,
): ResolveResult {
  const parsed = parseRef(ref);
  if (!parsed.ok) return err("REF_NOT_FOUND", `"${ref}" is not a reference: ${parsed.message}`);
  const ctx: ResolveContext = context ?? {
    featureStatus: body?.featureStatus ?? {},
    featureTypes: body?.featureTypes ?? {},
  };
  const canonical = formatRef(parsed.value);
  const name = canonical.slice(5);
  const upstream = upstreamError(canonical, featuresOfRef(parsed.value), ctx);
  if (!body) {
    return upstream ?? err("NO_BODY", `${canonical} cannot be resolved: there is no body yet`);
  }
  const ix = nameIndex(body);

  if (parsed.value.kind === "face") {
    const faces = ix.faces(name);
    if (faces.length === 0) return notFound(ix, canonical, upstream);
    switch (need) {
      case "faces":
      case "any":
        return { ok: true, value: { faces, edges: [], resolvedBy: by(faces) } };
      case "edges":
        return faceEdges(ix, canonical, faces);
      case "plane":
        return onePlane(canonical, faces);
    }
  }
  if (need === "faces" || need === "plane") {
    return err("REF_NOT_FOUND", `${canonical} names an edge; this attribute needs a face ref`);
  }
  const edges = ix.edges(name);
  if (edges.length === 0) return notFound(ix, canonical, upstream);
  return { ok: true, value: { faces: [], edges, resolvedBy: by(edges) } };
}

/** D5.0.1: a face ref in `edges` means its edges except seams, degenerate and smooth ones. */
function faceEdges(ix: NameIndex, ref: string, faces: FaceRec[]): ResolveResult {
  const edges = new Set<EdgeRec>();
  for (const f of faces) {
    for (const e of ix.edgesOfFace.get(f) ?? []) if (!ix.isSeam(e) && !ix.isSmooth(e)) edges.add(e);
  }
  if (edges.size === 0) {
    return err(
      "REF_NOT_FOUND",
      `${ref} has no sharp edges (only seams or tangent edges); name the edges instead`,
    );
  }
  const list = [...edges];
  return { ok: true, value: { faces, edges: list, resolvedBy: by([...faces, ...list]) } };
}

/** R3.2: one plane is needed; coplanar pieces count as one. */
function onePlane(ref: string, faces: FaceRec[]): ResolveResult {
  const oc = getOC() as OC;
  const planes = faces.map((f) => planeOf(oc, f.face.wrapped));
  const bad = planes.findIndex((p) => p === null);
  if (bad >= 0) {
    return err("NOT_PLANAR", `${ref} is not planar (face:${faces[bad]!.name}); pick a planar face`);
  }
  const p0 = planes[0]!;
  const coplanar = planes.every((p) => {
    const d = vdot(vsub(p!.point, p0.point), p0.normal);
    return vdot(p!.normal, p0.normal) > 1 - 1e-9 && Math.abs(d) < 1e-6;
  });
  if (!coplanar) {
    const names = faces.map((f) => `face:${f.name}`);
    return err(
      "REF_AMBIGUOUS",
      `${ref} names ${faces.length} faces on different planes (${names.join(", ")}); pick one of them`,
      names,
    );
  }
  return { ok: true, value: { faces, edges: [], resolvedBy: by(faces) } };
}

/** A feature the ref depends on failed, is suppressed, or does not exist yet. */
function upstreamError(ref: string, features: string[], ctx: ResolveContext): ResolveResult | null {
  for (const id of features) {
    const st = ctx.featureStatus[id];
    const type = ctx.featureTypes[id] ?? "feature";
    if (st === "error") {
      return err("REF_FAILED", `${ref} belongs to ${type} ${id}, which failed; fix ${id} first`);
    }
    if (st === "suppressed") {
      return err(
        "REF_SUPPRESSED",
        `${ref} belongs to ${type} ${id}, which is suppressed; unsuppress ${id} or pick another face`,
      );
    }
  }
  for (const id of features) {
    if (!(id in ctx.featureStatus)) {
      return err(
        "REF_NOT_FOUND",
        `${ref} names feature ${id}, which does not exist before this feature`,
      );
    }
  }
  return null;
}

function notFound(ix: NameIndex, ref: string, upstream: ResolveResult | null): ResolveResult {
  if (upstream) return upstream;
  const isFace = ref.startsWith("face:");
  const name = ref.slice(5);
  const body = ix.body;
  const candidates = isFace
    ? body.faces.map((f) => `face:${f.name}`)
    : body.edges.map((e) => `edge:${e.name}`);
  const suggestions = nearest(ref, candidates);
  const retired = retiredEntry(body.retired, name);
  if (retired) {
    const [key, r] = retired;
    const type = body.featureTypes[r.byFeature] ?? "feature";
    const what = key === name ? ref : `${ref} (through ${key})`;
    if (r.code === "REF_CONSUMED") {
      const by = r.replacedBy?.length
        ? ` was replaced by ${r.replacedBy.join(", ")}`
        : " was consumed";
      return err(
        "REF_CONSUMED",
        `${what}${by} (${type} ${r.byFeature})`,
        r.replacedBy ?? suggestions,
      );
    }
    return err(
      "REF_DELETED",
      `${what} was removed by ${type} ${r.byFeature}; pick an entity that still exists`,
      suggestions,
    );
  }
  return err(
    "REF_NOT_FOUND",
    `no ${isFace ? "face" : "edge"} is named ${ref} now${suggestions.length ? `; nearest: ${suggestions.join(", ")}` : ""}`,
    suggestions,
  );
}

/** The retired entry for a name, its base (without `@k`/`#k`) or, for an edge, one of its faces. */
function retiredEntry(
  retired: Record<string, RetiredName>,
  name: string,
): [string, RetiredName] | null {
  const tries = [name, name.replace(/#\d+$/, ""), name.replace(/@\d+$/, "")];
  for (const t of tries) if (retired[t]) return [t, retired[t]];
  return null;
}
