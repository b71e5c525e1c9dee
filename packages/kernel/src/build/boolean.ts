/**
 * Booleans with history (R2.1, R2.2): BRepAlgoAPI_Fuse/Cut/Common with SetToFillHistory(true),
 * then SimplifyResult — UnifySameDomain run inside the boolean, so that `Modified` covers the
 * merge too. (UnifySameDomain on its own has no usable history in this binding: its
 * BRepTools_History is not bound.) Body faces keep their names, tool faces bring theirs, merged
 * faces take the earliest feature's name (claims.ts chooseName).
 */
import type { BRepAlgoAPI_BuilderAlgo, TopoDS_Shape } from "replicad-opencascadejs";
import { transfer } from "../naming/claims.ts";
import type { NamedBody } from "../naming/named-body.ts";
import { listItems, makeList } from "../oc/topo.ts";
import type { FeatureContext } from "./context.ts";
import { fail } from "./errors.ts";
import { bodyFallback, bodyInputs, finish } from "./finish.ts";
import { compoundOf } from "./occ.ts";
import type { NamedTool } from "./tool.ts";

export type BoolKind = "fuse" | "cut" | "common";

/** Angular tolerance for merging same-domain faces (radians). */
const UNIFY_ANGLE = 1e-6;

/** Run a history-filling boolean of `args` and `tools` (borrowed); returns the algo (in scope). */
export function runBoolean(
  ctx: FeatureContext,
  kind: BoolKind | "simplify",
  args: TopoDS_Shape[],
  tools: TopoDS_Shape[],
): BRepAlgoAPI_BuilderAlgo {
  const { oc, sc } = ctx;
  const op =
    kind === "fuse" || kind === "simplify"
      ? new oc.BRepAlgoAPI_Fuse()
      : kind === "cut"
        ? new oc.BRepAlgoAPI_Cut()
        : new oc.BRepAlgoAPI_Common();
  sc.trackAlgo(op);
  op.SetArguments(sc.track(makeList(oc, args)));
  // TRAP: a Boolean (or General Fuse) of a single argument reports BOPAlgo errors. To simplify a
  // fresh tool with history, fuse it with an empty compound.
  op.SetTools(sc.track(makeList(oc, kind === "simplify" ? [compoundOf(oc, sc, [])] : tools)));
  const algo: BRepAlgoAPI_BuilderAlgo = op;
  algo.SetToFillHistory(true);
  algo.SetRunParallel(false);
  algo.Build();
  if (algo.HasErrors()) {
    fail(
      "KERNEL_FAILURE",
      `OpenCascade's boolean ${kind} failed (BOPAlgo reported errors); the shapes may touch only tangentially or be invalid`,
    );
  }
  algo.SimplifyResult(true, true, UNIFY_ANGLE);
  return algo;
}

/** Body ∘ tool, named (or the tool alone when there is no body yet: `fuse` only). */
export function combine(
  ctx: FeatureContext,
  kind: BoolKind,
  body: NamedBody | null,
  tool: NamedTool,
): NamedBody {
  const { oc, sc } = ctx;
  const algo = body
    ? runBoolean(ctx, kind, [body.shape.wrapped], [tool.shape])
    : runBoolean(ctx, "simplify", [tool.shape], []);
  const result = sc.track(algo.Shape());
  const inputs = [...(body ? bodyInputs(body) : []), ...tool.named];
  return finish(ctx, result, {
    claim: (index, claims) =>
      transfer(inputs, (s) => listItems(oc, algo.Modified(s)), index, claims),
    fallback: [
      ...(body ? bodyFallback(body) : []),
      ...tool.named
        .map((n) => ({ face: oc.TopoDS.Face(n.shape), claim: n.claim }))
        .map((x) => {
          sc.track(x.face);
          return x;
        }),
    ],
  });
}
