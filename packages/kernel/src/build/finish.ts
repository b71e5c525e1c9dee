/**
 * The last step of every solid feature: take the operation's result shape, let its history hand
 * out names, and assemble the NamedBody (naming/assemble.ts).
 */
import type { TopoDS_Face, TopoDS_Shape } from "replicad-opencascadejs";
import { assembleBody } from "../naming/assemble.ts";
import { claimOf, indexFaces, type Claim, type FaceRec } from "../naming/claims.ts";
import type { NamedBody } from "../naming/named-body.ts";
import type { ShapeMap } from "../oc/topo.ts";
import { subShapes } from "../oc/topo.ts";
import type { FeatureContext } from "./context.ts";
import { fail } from "./errors.ts";

export interface Naming {
  /** Fill `claims[i]` for result face i (use `transfer`/`transferGenerated` from claims.ts). */
  claim(result: ShapeMap<number>, claims: Claim[][]): void;
  /** Faces before the operation, for the geometric fallback. */
  fallback: { face: TopoDS_Face; claim: Claim }[];
}

/**
 * Turn `result` (owned by ctx.sc; released here into the body) into a NamedBody.
 * Fails with EMPTY_RESULT when it holds no solid.
 */
export function finish(ctx: FeatureContext, result: TopoDS_Shape, naming: Naming): NamedBody {
  const { oc, sc } = ctx;
  if (result.IsNull()) fail("EMPTY_RESULT", `${ctx.featureId} produced no shape`);
  const solids = subShapes(oc, result, "solid");
  solids.forEach((s) => s.delete());
  if (solids.length === 0) {
    fail(
      "EMPTY_RESULT",
      `${ctx.featureId} leaves nothing of the body; check its size, direction and op`,
    );
  }
  const faces = subShapes(oc, result, "face");
  const index = indexFaces(oc, faces);
  const claims: Claim[][] = faces.map(() => []);
  try {
    naming.claim(index, claims);
  } catch (e) {
    faces.forEach((f) => f.delete());
    throw e;
  }
  sc.release(result);
  return assembleBody(oc, {
    shape: result,
    faces,
    claims,
    fallback: naming.fallback,
    featureId: ctx.featureId,
    order: ctx.order,
    featureStatus: { ...ctx.prev.featureStatus, [ctx.featureId]: "ok" },
    featureTypes: { ...ctx.prev.featureTypes },
  });
}

/** The faces of a body as history inputs. */
export const bodyInputs = (body: NamedBody): { shape: TopoDS_Shape; claim: Claim }[] =>
  (body.faces as FaceRec[]).map((f) => ({ shape: f.face.wrapped, claim: claimOf(f) }));

export const bodyFallback = (body: NamedBody): { face: TopoDS_Face; claim: Claim }[] =>
  (body.faces as FaceRec[]).map((f) => ({ face: f.face.wrapped, claim: claimOf(f) }));
