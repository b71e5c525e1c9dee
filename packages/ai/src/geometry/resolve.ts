/**
 * Resolve a face or edge ref against a built body's TopologyIndex (references.md R3), with the
 * typed errors of R3.3 and nearby valid refs (T1.3). Pure: no kernel work.
 */
import { parseRef } from "@kerf/document";
import type { BuildResult, EdgeInfo, FaceInfo } from "@kerf/kernel";
import type { ToolError } from "../envelope.ts";
import { viewOf } from "./index-view.ts";
import { nearestRefs } from "./nearby.ts";

export type Resolved =
  | { ok: true; kind: "face"; items: FaceInfo[] }
  | { ok: true; kind: "edge"; items: EdgeInfo[] }
  | { ok: false; error: ToolError };

export function resolveRef(build: BuildResult, ref: string): Resolved {
  const parsed = parseRef(ref);
  if (!parsed.ok) {
    return {
      ok: false,
      error: { code: "BAD_REF", message: `"${ref}" is not a reference: ${parsed.message}.` },
    };
  }
  const kind = parsed.value.kind;
  const view = viewOf(build.topology);
  const prefix = `${kind}:`;
  const name = ref.slice(prefix.length);
  const lookup = (r: string): FaceInfo | EdgeInfo | undefined =>
    kind === "face" ? view.faceByRef.get(r) : view.edgeByRef.get(r);

  const exact = lookup(ref);
  if (exact) return found(kind, [exact]);

  // R2.1 aliases of merged faces; R2.3 a base name resolves to all its pieces.
  const targets = new Set(
    build.topology.aliases[name]?.map((r) => (r.startsWith(prefix) ? r : prefix + r)),
  );
  const list = kind === "face" ? view.faces : view.edges;
  const piecePrefix = ref + (kind === "face" ? "@" : "#");
  for (const item of list) {
    if (item.ref.startsWith(piecePrefix) && /^\d+$/.test(item.ref.slice(piecePrefix.length))) {
      targets.add(item.ref);
    }
  }
  const items = [...targets].map(lookup).filter((x) => x !== undefined);
  if (items.length > 0) return found(kind, items);

  const retired = build.topology.retired[name];
  if (retired) {
    const by = retired.byFeature;
    const message =
      retired.code === "REF_CONSUMED"
        ? `${ref} was replaced by ${retired.replacedBy?.join(", ") ?? "new faces"} (feature ${by}).`
        : `${ref} was removed by feature ${by}.`;
    return {
      ok: false,
      error: { code: retired.code, message, byFeature: by, replacedBy: retired.replacedBy ?? [] },
    };
  }

  const feature =
    parsed.value.kind === "face" ? parsed.value.face.feature : parsed.value.edge.a.feature;
  const status = build.features.find((f) => f.id === feature);
  if (status?.status === "suppressed") {
    return refError(
      "REF_SUPPRESSED",
      `${ref} belongs to feature ${feature}, which is suppressed.`,
      [],
    );
  }
  if (status?.status === "error") {
    return refError(
      "REF_FAILED",
      `${ref} belongs to feature ${feature}, which failed to build.`,
      [],
    );
  }
  const suggestions = nearestRefs(
    ref,
    list.map((x) => x.ref),
  );
  const why = status ? "" : ` There is no feature "${feature}".`;
  const near =
    suggestions.length > 0 ? ` Nearest existing ${kind}s: ${suggestions.join(", ")}.` : "";
  return refError("REF_NOT_FOUND", `No ${kind} is named ${ref} now.${why}${near}`, suggestions);
}

function found(kind: "face" | "edge", items: (FaceInfo | EdgeInfo)[]): Resolved {
  return kind === "face"
    ? { ok: true, kind, items: items as FaceInfo[] }
    : { ok: true, kind, items: items as EdgeInfo[] };
}

function refError(code: ToolError["code"], message: string, suggestions: string[]): Resolved {
  return { ok: false, error: { code, message, suggestions } };
}
