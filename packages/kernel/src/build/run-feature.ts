/**
 * One feature, one step (D5.3, D5.4): build it against the state before it, inside its own
 * OpenCascade scope, and turn any failure into its FeatureStatus. A failed or suppressed
 * feature leaves the body as it was.
 */
import type { Feature } from "@kerf/document";
import { retireNames } from "../naming/retire.ts";
import type { OC } from "../oc/load.ts";
import { formatOcFailure, ocFailure } from "../oc/errors.ts";
import { Scope } from "../oc/scope.ts";
import type { FeatureStatus } from "../types.ts";
import { buildBlend } from "./blend.ts";
import type { BuildState, FeatureContext, FeatureOutput } from "./context.ts";
import { FeatureFailure } from "./errors.ts";
import { buildExtrude } from "./extrude.ts";
import { buildRevolve } from "./revolve.ts";
import { buildShell } from "./shell.ts";
import { buildSketch } from "./sketch.ts";

export interface StepResult {
  state: BuildState;
  status: FeatureStatus;
}

function dispatch(ctx: FeatureContext, f: Feature): FeatureOutput {
  switch (f.type) {
    case "sketch":
      return { sketch: buildSketch(ctx, f) };
    case "extrude":
      return buildExtrude(ctx, f);
    case "revolve":
      return buildRevolve(ctx, f);
    case "fillet":
    case "chamfer":
      return buildBlend(ctx, f);
    case "shell":
      return buildShell(ctx, f);
    default: {
      const never: never = f;
      throw new Error(`unknown feature ${JSON.stringify(never)}`);
    }
  }
}

export function runFeature(
  oc: OC,
  prev: BuildState,
  f: Feature,
  order: (featureId: string) => number,
): StepResult {
  const featureTypes = { ...prev.featureTypes, [f.id]: f.type };
  const base = { ...prev, featureTypes };
  if (f.suppressed) {
    return {
      state: { ...base, featureStatus: { ...prev.featureStatus, [f.id]: "suppressed" } },
      status: { id: f.id, type: f.type, status: "suppressed", ms: 0 },
    };
  }
  const t0 = performance.now();
  const sc = new Scope();
  const ctx: FeatureContext = { oc, sc, featureId: f.id, prev: base, order };
  try {
    const out = dispatch(ctx, f);
    const featureStatus = { ...prev.featureStatus, [f.id]: "ok" as const };
    let body = prev.body;
    if (out.body) {
      retireNames(prev.body, out.body, f.id, out.consumed);
      body = out.body;
    }
    const sketches = out.sketch ? new Map(prev.sketches).set(f.id, out.sketch) : prev.sketches;
    return {
      state: { body, sketches, featureStatus, featureTypes },
      status: { id: f.id, type: f.type, status: "ok", ms: performance.now() - t0 },
    };
  } catch (e) {
    const error =
      e instanceof FeatureFailure
        ? e.toError()
        : {
            code: "KERNEL_FAILURE" as const,
            message: `${f.type} ${f.id}: OpenCascade failed: ${formatOcFailure(ocFailure(oc, e))}`,
          };
    return {
      state: { ...base, featureStatus: { ...prev.featureStatus, [f.id]: "error" } },
      status: { id: f.id, type: f.type, status: "error", error, ms: performance.now() - t0 },
    };
  } finally {
    sc.close();
  }
}
