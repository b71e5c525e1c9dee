/**
 * The named body: a built solid whose every face and edge carries its persistent name
 * (../../../../shared/spec/references.md R2). This is the contract between the builder (build/,
 * naming/) and the outputs (output/: FaceInfo/EdgeInfo, meshes, STEP/STL).
 *
 * OWNERSHIP (WASM hygiene): every OpenCascade object reachable from a `NamedBody` (the shape, each
 * `face`, each `edge`) is owned by the `ModelBuilder` that returned it. It stays alive at least
 * until the next `build()` or `dispose()` of that builder, and longer while it is still cached.
 * Consumers must NOT call `.delete()` on them and must not keep them past the next build; they may
 * create their own OC objects from them (meshes, STEP writers) and must delete those themselves.
 */
import type { FeatureType } from "@kerf/document";
import type { Edge, Face, Shape3D } from "replicad";
import type { FeatureError, FeatureStatus, RetiredName } from "../types.ts";

/** How a name was attached: from OpenCascade's history, or by the geometric fallback (R2.2). */
export type ResolvedBy = "history" | "geometry";

export interface NamedFace {
  face: Face;
  /** Canonical face name without the `face:` prefix, e.g. `e1:side:r1.top` or `e2:top@1`. */
  name: string;
  /** The feature id the name starts with (the feature that made the face). */
  featureId: string;
  /** True when the name uses `@k`, `#k` or `new:` anywhere (R2.5). */
  fragile: boolean;
  resolvedBy: ResolvedBy;
}

export interface NamedEdge {
  edge: Edge;
  /** Canonical edge name without the `edge:` prefix, e.g. `e1:side:r1.top|e1:top`. */
  name: string;
  /** Canonical names (no prefix) of the two faces it separates, sorted; a seam has `[X, X]`. */
  faces: [string, string];
  /** The later (in feature order) of the two faces' features: the one that made this edge. */
  featureId: string;
  fragile: boolean;
  /** `geometry` when either adjacent face was named by geometry. */
  resolvedBy: ResolvedBy;
}

export interface NamedBody {
  /** The whole body: a Solid, or a Compound of several solids (D5.1). */
  shape: Shape3D;
  /** Every face once, sorted by name (code units). */
  faces: NamedFace[];
  /** Every non-degenerate edge once, sorted by name (code units). Degenerate edges are unnamed. */
  edges: NamedEdge[];
  /** Number of solids (D5.1). */
  solids: number;
  /**
   * Names (no prefix) that still resolve but are not canonical → the canonical names (no prefix)
   * they resolve to: merged faces (R2.1), base names of split faces/edges (R2.3), and edge names
   * spelled with a face alias.
   */
  aliases: Record<string, string[]>;
  /** Names (no prefix) that existed on an earlier body but not on this one (R3.3). */
  retired: Record<string, RetiredName>;
  /**
   * Status of every feature up to and including the one that produced this body, by id; used to
   * answer REF_SUPPRESSED / REF_FAILED (R3.3, D5.4).
   */
  featureStatus: Record<string, FeatureStatus["status"]>;
  /** Type of every feature up to and including that one, by id (for messages). */
  featureTypes: Record<string, FeatureType>;
}

/** Result of `ModelBuilder.build`. */
export interface BuiltModel {
  /** One status per feature built, in document order: all features before `rollbackIndex`. */
  features: FeatureStatus[];
  /** Null when no feature produced a body. Owned by the builder (see OWNERSHIP above). */
  body: NamedBody | null;
  /** Same as `body.retired` (empty when there is no body). */
  retired: Record<string, RetiredName>;
  /** Same as `body.aliases` (empty when there is no body). */
  aliases: Record<string, string[]>;
}

/** What a consumer needs from a ref (R3.2). */
export type RefNeed =
  /** Faces, all pieces accepted (shell `faces`, extrude `faces`). */
  | "faces"
  /** Edges, all pieces; a face ref expands to its edges except seams/degenerate/smooth (D5.0.1). */
  | "edges"
  /** Exactly one plane: coplanar pieces count as one (sketch plane, `toFace`). */
  | "plane"
  /** Whatever the ref names, as it is (outputs: get_geometry, selection). */
  | "any";

export interface Resolution {
  faces: NamedFace[];
  edges: NamedEdge[];
  /** `geometry` when any entity involved was named by geometry. */
  resolvedBy: ResolvedBy;
}

export type ResolveResult = { ok: true; value: Resolution } | { ok: false; error: FeatureError };
