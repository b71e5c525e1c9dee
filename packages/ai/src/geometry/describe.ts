/**
 * What get_geometry and get_current_selection return for a ref, a feature id or `body` (T1).
 */
import type { BuildResult, EdgeInfo, FaceInfo, FeatureError } from "@kerf/kernel";
import type { ToolError } from "../envelope.ts";
import { viewOf } from "./index-view.ts";
import { nearestRefs } from "./nearby.ts";
import { resolveRef } from "./resolve.ts";

/** A FaceInfo or EdgeInfo; when the ref names several pieces, the first plus all `pieces`. */
export type EntityGeometry = (FaceInfo | EdgeInfo) & { pieces?: (FaceInfo | EdgeInfo)[] };

export interface FeatureGeometry {
  id: string;
  type: string;
  status: "ok" | "error" | "suppressed";
  error?: FeatureError;
  /** Refs of the body's faces this feature named. */
  faces: string[];
}

export type Described =
  | { ok: true; kind: "face" | "edge"; geometry: EntityGeometry }
  | { ok: true; kind: "feature"; geometry: FeatureGeometry }
  | { ok: false; error: ToolError };

export function describeEntity(build: BuildResult, ref: string): Described {
  if (ref.startsWith("face:") || ref.startsWith("edge:")) {
    const r = resolveRef(build, ref);
    if (!r.ok) return r;
    const [first, ...rest] = r.items as (FaceInfo | EdgeInfo)[];
    const geometry: EntityGeometry = rest.length === 0 ? first! : { ...first!, pieces: r.items };
    return { ok: true, kind: r.kind, geometry };
  }
  return describeFeature(build, ref);
}

export function describeFeature(build: BuildResult, id: string): Described {
  const f = build.features.find((x) => x.id === id);
  if (!f) {
    const suggestions = nearestRefs(
      id,
      build.features.map((x) => x.id),
      5,
    );
    const message =
      `"${id}" is neither a face ref (face:…), an edge ref (edge:…), "body", nor a feature id.` +
      (build.features.length > 0
        ? ` Features: ${build.features.map((x) => x.id).join(", ")}.`
        : "");
    return { ok: false, error: { code: "REF_NOT_FOUND", message, suggestions } };
  }
  const faces = viewOf(build.topology)
    .faces.filter((x) => x.featureId === id)
    .map((x) => x.ref);
  const geometry: FeatureGeometry = { id: f.id, type: f.type, status: f.status, faces };
  if (f.error) geometry.error = f.error;
  return { ok: true, kind: "feature", geometry };
}
