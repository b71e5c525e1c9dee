/**
 * Typed form of a Kerf document (../shared/spec/document.md). The live form is a Y.Doc; the text
 * form is `*.kerf.xml`; this is what parsing yields and what the kernel consumes.
 */

/** A feature id (D2). Branded so that entity ids and refs cannot be passed by mistake. */
export type FeatureId = string & { readonly __brand: "FeatureId" };
/** A sketch entity id, unique within its sketch (D2). */
export type EntityId = string & { readonly __brand: "EntityId" };
/** A face or edge reference string (references.md R1), e.g. `face:e1:top`. */
export type RefString = string & { readonly __brand: "RefString" };

export const featureId = (s: string): FeatureId => s as FeatureId;
export const entityId = (s: string): EntityId => s as EntityId;
export const refString = (s: string): RefString => s as RefString;

/** Attributes every entity may carry (D4). */
interface EntityBase {
  id: EntityId;
  /** Construction geometry is kept out of profiles. */
  construction: boolean;
}

export interface LineEntity extends EntityBase {
  type: "line";
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}
export interface ArcEntity extends EntityBase {
  type: "arc";
  cx: number;
  cy: number;
  r: number;
  /** Degrees; counter-clockwise from start through (end − start) mod 360. */
  start: number;
  end: number;
}
export interface CircleEntity extends EntityBase {
  type: "circle";
  cx: number;
  cy: number;
  r: number;
}
export interface RectEntity extends EntityBase {
  type: "rect";
  /** Lower-left corner. */
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface PolylineEntity extends EntityBase {
  type: "polyline";
  points: [number, number][];
  closed: boolean;
}
export type SketchEntity = LineEntity | ArcEntity | CircleEntity | RectEntity | PolylineEntity;
export type EntityType = SketchEntity["type"];
export const ENTITY_TYPES: readonly EntityType[] = ["line", "arc", "circle", "rect", "polyline"];

/** Attributes every feature has (D3). */
interface FeatureBase {
  id: FeatureId;
  name?: string;
  suppressed: boolean;
}

/** `XY`, `XZ`, `YZ` or a face ref to a planar face (D4). */
export type SketchPlane = "XY" | "XZ" | "YZ" | RefString;

export interface SketchFeature extends FeatureBase {
  type: "sketch";
  plane: SketchPlane;
  offset: number;
  entities: SketchEntity[];
}

export type BooleanOp = "add" | "cut" | "intersect";
export type ExtrudeDirection = "normal" | "reverse" | "symmetric";
export type ExtrudeExtent = "blind" | "throughAll" | "toFace";

export interface ExtrudeFeature extends FeatureBase {
  type: "extrude";
  /** Exactly one of `sketch` and `faces` is set (D5.0). */
  sketch?: FeatureId;
  faces?: RefString[];
  /** Required for `blind`; ignored otherwise. */
  distance?: number;
  direction: ExtrudeDirection;
  op: BooleanOp;
  extent: ExtrudeExtent;
  /** Face ref, iff extent is `toFace`. */
  to?: RefString;
}

export interface RevolveFeature extends FeatureBase {
  type: "revolve";
  sketch: FeatureId;
  /** `x`, `y` (the sketch frame's axes) or the id of a line in the sketch. */
  axis: "x" | "y" | EntityId;
  /** Degrees, 0 < angle ≤ 360. */
  angle: number;
  op: BooleanOp;
}

export interface FilletFeature extends FeatureBase {
  type: "fillet";
  /** Edge refs; a face ref stands for that face's edges (D5.0.1). */
  edges: RefString[];
  radius: number;
}

export interface ChamferFeature extends FeatureBase {
  type: "chamfer";
  edges: RefString[];
  distance: number;
}

export interface ShellFeature extends FeatureBase {
  type: "shell";
  faces: RefString[];
  thickness: number;
}

export type Feature =
  SketchFeature | ExtrudeFeature | RevolveFeature | FilletFeature | ChamferFeature | ShellFeature;
export type FeatureType = Feature["type"];
export const FEATURE_TYPES: readonly FeatureType[] = [
  "sketch",
  "extrude",
  "revolve",
  "fillet",
  "chamfer",
  "shell",
];

/** A whole document in typed form. */
export interface Model {
  version: 1;
  units: "mm";
  name: string;
  features: Feature[];
}

/** Static-validation codes (D6). */
export type ValidationErrorCode =
  | "XML_PARSE"
  | "BAD_ROOT"
  | "BAD_VERSION"
  | "UNKNOWN_ELEMENT"
  | "UNKNOWN_ATTRIBUTE"
  | "MISSING_ATTRIBUTE"
  | "BAD_VALUE"
  | "BAD_ID"
  | "DUPLICATE_ID"
  | "BAD_REF"
  | "DANGLING_REF"
  | "FORWARD_REF"
  | "WRONG_REF_KIND";
export type ValidationWarningCode =
  "IGNORED_ATTRIBUTE" | "POLYLINE_RENUMBERED" | "UNSORTED_EDGE_REF" | "FRAGILE_REF";

/** Build-time error codes (D6), reported per feature by the kernel. */
export type BuildErrorCode =
  | "NO_CLOSED_PROFILE"
  | "SELF_INTERSECTING_PROFILE"
  | "NO_BODY"
  | "EMPTY_RESULT"
  | "NOT_PLANAR"
  | "REF_NOT_FOUND"
  | "REF_CONSUMED"
  | "REF_DELETED"
  | "REF_AMBIGUOUS"
  | "REF_SUPPRESSED"
  | "REF_FAILED"
  | "KERNEL_FAILURE"
  | "TIMEOUT";

/** One problem found by `validate` (D6). */
export interface Problem {
  code: ValidationErrorCode | ValidationWarningCode;
  severity: "error" | "warning";
  /** Plain words that say what is wrong and how to fix it. */
  message: string;
  featureId?: string;
  entityId?: string;
  attribute?: string;
  line?: number;
  column?: number;
}

export interface ValidationReport {
  valid: boolean;
  errors: Problem[];
  warnings: Problem[];
}

/** Origins of document transactions (D7.1). */
export type Origin = "user" | "ai" | "remote" | "load";
