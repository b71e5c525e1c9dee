/**
 * What a feature builder gets: OpenCascade, a scope for its temporaries, the state before it
 * (body, sketches, statuses) and the feature order for the merge rule (R2.1).
 */
import type { FeatureType } from "@kerf/document";
import type { NamedBody } from "../naming/named-body.ts";
import type { OC } from "../oc/load.ts";
import type { Scope } from "../oc/scope.ts";
import type { FeatureStatus } from "../types.ts";
import type { SketchResult } from "./sketch.ts";

/** The model as built up to some feature. Immutable: a step makes a new one. */
export interface BuildState {
  body: NamedBody | null;
  sketches: ReadonlyMap<string, SketchResult>;
  featureStatus: Readonly<Record<string, FeatureStatus["status"]>>;
  featureTypes: Readonly<Record<string, FeatureType>>;
}

export interface FeatureContext {
  oc: OC;
  sc: Scope;
  featureId: string;
  prev: BuildState;
  /** Position of a feature in the document (R2.1: the earliest feature's name wins). */
  order: (featureId: string) => number;
}

/** What a feature produced: a new body and/or a sketch, and names it consumed (R3.3). */
export interface FeatureOutput {
  body?: NamedBody;
  sketch?: SketchResult;
  /** Names (no prefix) replaced by this feature → refs that replaced them. */
  consumed?: Map<string, string[]>;
}
