/**
 * Guard against silent OpenCascade failures (D5.4, D6 KERNEL_FAILURE). Some algorithms report
 * success and still return nothing useful: BRepOffsetAPI_MakeThickSolid hands back a copy of its
 * input when it cannot build the inner wall (IsDone() is true, Shape() does not throw). A feature
 * that must change the body (fillet, chamfer, shell) and gets back the same volume and the same
 * number of faces, or a shape BRepCheck_Analyzer rejects, has failed: `resultProblem` says how,
 * the feature reports it, and the body stays as it was (D5.4) instead of a false "ok".
 */
import type { TopoDS_Shape } from "replicad-opencascadejs";
import type { OC } from "../oc/load.ts";
import { withScope } from "../oc/scope.ts";
import { deleteAll, subShapes } from "../oc/topo.ts";

export interface Figures {
  /** mm³ */
  volume: number;
  /** Distinct faces. */
  faces: number;
}

/**
 * Relative volume difference under which two bodies count as the same. A copy of the input gives
 * the same value to ~1e-15; any real blend or wall changes the volume by far more than this.
 */
const SAME_VOLUME = 1e-9;

export function figuresOf(oc: OC, shape: TopoDS_Shape): Figures {
  const faces = subShapes(oc, shape, "face");
  deleteAll(faces);
  const volume = withScope((sc) => {
    const props = sc.track(new oc.GProp_GProps());
    oc.BRepGProp.VolumeProperties(shape, props, false, false, false);
    return props.Mass();
  });
  return { volume, faces: faces.length };
}

/** BRepCheck_Analyzer with geometric controls (topology and geometry). */
export function isValidShape(oc: OC, shape: TopoDS_Shape): boolean {
  return withScope((sc) => sc.track(new oc.BRepCheck_Analyzer(shape, true, false)).IsValid());
}

export interface ResultChecks {
  /** The operation must take material away (shell: material is kept inside, D5). */
  removesMaterial?: boolean;
}

const mm3 = (v: number): string => `${v.toFixed(2)} mm³`;

/**
 * What is wrong with `after` as the result of an operation on `before` that must change the body,
 * in words that complete "OpenCascade returned …"; undefined when nothing is. A null or empty
 * result is left to `finish` (EMPTY_RESULT); an invalid result counts only when `before` was valid.
 */
export function resultProblem(
  oc: OC,
  before: TopoDS_Shape,
  after: TopoDS_Shape,
  checks: ResultChecks = {},
): string | undefined {
  if (after.IsNull()) return undefined;
  const a = figuresOf(oc, before);
  const b = figuresOf(oc, after);
  if (b.faces === 0) return undefined;
  const same = Math.abs(b.volume - a.volume) <= SAME_VOLUME * Math.max(Math.abs(a.volume), 1);
  if (same && b.faces === a.faces) {
    return `the body unchanged (${mm3(a.volume)} and ${a.faces} faces before and after)`;
  }
  // Blame the operation only for damage it did: an input that was already invalid is left alone.
  if (!isValidShape(oc, after) && isValidShape(oc, before)) {
    return "an invalid solid (BRepCheck_Analyzer rejects it)";
  }
  if (checks.removesMaterial && !(b.volume < a.volume - SAME_VOLUME * Math.abs(a.volume))) {
    return `a body that is no lighter (${mm3(a.volume)} before, ${mm3(b.volume)} after)`;
  }
  return undefined;
}
