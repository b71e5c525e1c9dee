/**
 * What the kernel gives back: plain, structured-cloneable data (no OpenCascade objects escape).
 * FaceInfo/EdgeInfo follow ../shared/spec/ai.md T1; statuses and codes follow document.md D5–D6.
 */
import type { BuildErrorCode, Feature, FeatureType, Model } from "@kerf/document";

export type Vec3 = [number, number, number];

export interface BBox {
  min: Vec3;
  max: Vec3;
}

export type SurfaceType = "plane" | "cylinder" | "cone" | "sphere" | "torus" | "bspline" | "other";
export type CurveType = "line" | "circle" | "arc" | "ellipse" | "bspline" | "other";
export type Convexity = "convex" | "concave" | "smooth";

/** A sketch frame (D4, D4.1). */
export interface Frame {
  origin: Vec3;
  xDir: Vec3;
  yDir: Vec3;
  normal: Vec3;
}

/** ai.md T1 FaceInfo. Numbers rounded to 1e-6. */
export interface FaceInfo {
  ref: string;
  featureId: string;
  surfaceType: SurfaceType;
  area: number;
  centroid: Vec3;
  bbox: BBox;
  normal?: Vec3;
  axis?: { origin: Vec3; direction: Vec3 };
  radius?: number;
  sketchFrame?: Frame;
  edgeCount: number;
  fragile?: boolean;
  resolvedBy?: "history" | "geometry";
}

/** ai.md T1 EdgeInfo. */
export interface EdgeInfo {
  ref: string;
  featureId: string;
  curveType: CurveType;
  length: number;
  start: Vec3;
  end: Vec3;
  midpoint: Vec3;
  direction?: Vec3;
  center?: Vec3;
  radius?: number;
  convexity: Convexity;
  faces: [string, string];
  fragile?: boolean;
  resolvedBy?: "history" | "geometry";
}

/** Why a name no longer exists on the body (references.md R3.3). */
export interface RetiredName {
  code: "REF_CONSUMED" | "REF_DELETED";
  /** The feature that consumed or removed it. */
  byFeature: string;
  /** For REF_CONSUMED: what replaced it, e.g. `face:f1:blend[...]`. */
  replacedBy?: string[];
}

/**
 * Everything needed to describe and resolve names on a built body without WASM:
 * canonical faces and edges, aliases of merged faces (R2.1) and retired names (R3.3).
 */
export interface TopologyIndex {
  faces: FaceInfo[];
  edges: EdgeInfo[];
  /** Alias name (without `face:`/`edge:` prefix) → canonical refs it resolves to. */
  aliases: Record<string, string[]>;
  /** Name (without prefix) → why it is gone. */
  retired: Record<string, RetiredName>;
}

export interface FeatureError {
  code: BuildErrorCode;
  message: string;
  /** Nearby valid refs, for reference errors. */
  suggestions?: string[];
}

export interface FeatureStatus {
  id: string;
  type: FeatureType;
  status: "ok" | "error" | "suppressed";
  error?: FeatureError;
  /** Wall time spent on this feature in this build (0 when served from the cache). */
  ms?: number;
  cached?: boolean;
}

export interface BodyProperties {
  volume: number;
  area: number;
  bbox: BBox;
  centerOfMass: Vec3;
  faceCount: number;
  edgeCount: number;
  solids: number;
}

/** Triangle mesh of the body; `faces[i]` covers triangles [start, start+count) of `indices`/3. */
export interface BodyMesh {
  positions: Float32Array;
  normals: Float32Array;
  indices: Uint32Array;
  faces: { ref: string; start: number; count: number }[];
  /** One polyline per named edge: xyz triples. */
  edges: { ref: string; positions: Float32Array }[];
}

export interface BuildResult {
  features: FeatureStatus[];
  /** Null when no feature produced a body. */
  body: BodyProperties | null;
  mesh: BodyMesh | null;
  topology: TopologyIndex;
  timings: { totalMs: number };
}

export interface BuildOptions {
  /** Produce a mesh (the viewer wants one; the CLI and AI tools often do not). */
  mesh?: boolean;
  /** Mesh tolerance in mm (default 0.05). */
  tolerance?: number;
  /** Build only features before this index (rollback, D7.3). */
  rollbackIndex?: number;
  /**
   * Progress, in-process only (a function does not cross to a worker: the worker client drops
   * it, and the worker host reports `progress` messages instead): called before each feature the
   * builder actually builds, with its index, the number of features being built (rollback
   * applied) and its id.
   */
  onFeature?: (index: number, count: number, featureId: string) => void;
}

/**
 * The one interface to the kernel: a Web Worker in the browser, in-process in Node.
 * Every method works on plain data. A newer `build` supersedes (cancels) an older one, whose
 * promise rejects with a `BuildCancelled` error. Results are read-only: the in-process kernel
 * hands the same topology, properties and mesh objects out again when an unchanged body is
 * rebuilt.
 */
export interface KernelClient {
  build(model: Model, options?: BuildOptions): Promise<BuildResult>;
  /** STEP/STL of the last successful build of this model. */
  exportStep(model: Model): Promise<Uint8Array>;
  exportStl(model: Model): Promise<Uint8Array>;
  dispose(): Promise<void>;
}

export type { Feature };
