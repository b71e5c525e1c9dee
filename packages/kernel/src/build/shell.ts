/**
 * shell (D5, D5.0.1): BRepOffsetAPI_MakeThickSolid by join, material kept inside. Names (R2):
 * each kept face keeps its name (it stays in the result), its offset copy is
 * `<id>:inner[<face>]` (Generated(face)); an opened face keeps its name on the rim that remains
 * of it (Modified(face) is that rim).
 */
import type { ShellFeature } from "@kerf/document";
import type { TopoDS_Shape } from "replicad-opencascadejs";
import { transfer, transferGenerated, type FaceRec } from "../naming/claims.ts";
import { resolveRef } from "../naming/resolve.ts";
import { formatOcFailure, ocFailure } from "../oc/errors.ts";
import { listItems, makeList } from "../oc/topo.ts";
import type { FeatureContext, FeatureOutput } from "./context.ts";
import { fail } from "./errors.ts";
import { bodyFallback, bodyInputs, finish } from "./finish.ts";
import { historyClaim } from "./tool.ts";

export function buildShell(ctx: FeatureContext, f: ShellFeature): FeatureOutput {
  const { oc, sc } = ctx;
  const body = ctx.prev.body;
  if (!body) fail("NO_BODY", `shell ${f.id} needs a body to hollow`);
  if (f.faces.length === 0) fail("REF_NOT_FOUND", `shell ${f.id} needs at least one face to open`);
  const open = new Set<FaceRec>();
  for (const ref of f.faces) {
    const r = resolveRef(body, ref, "faces", ctx.prev);
    if (!r.ok) fail(r.error.code, `faces: ${r.error.message}`, r.error.suggestions);
    r.value.faces.forEach((x) => open.add(x as FaceRec));
  }
  const mk = sc.track(new oc.BRepOffsetAPI_MakeThickSolid());
  const removed = sc.track(
    makeList(
      oc,
      [...open].map((x) => x.face.wrapped),
    ),
  );
  mk.MakeThickSolidByJoin(
    body.shape.wrapped,
    removed,
    -f.thickness,
    1e-3,
    oc.BRepOffset_Mode.BRepOffset_Skin,
    false,
    false,
    oc.GeomAbs_JoinType.GeomAbs_Arc,
    false,
  );
  mk.Build();
  let result: TopoDS_Shape;
  try {
    result = sc.track(mk.Shape());
  } catch (e) {
    fail(
      "KERNEL_FAILURE",
      `OpenCascade could not shell with thickness ${f.thickness} (${formatOcFailure(ocFailure(oc, e))}); try a thinner wall or open other faces`,
    );
  }
  const kept = (body.faces as FaceRec[]).filter((x) => !open.has(x));
  return {
    body: finish(ctx, result, {
      claim: (index, claims) => {
        transfer(bodyInputs(body), (s) => listItems(oc, mk.Modified(s)), index, claims);
        transferGenerated(
          kept.map((x) => ({
            shape: x.face.wrapped as TopoDS_Shape,
            claim: historyClaim(`${f.id}:inner[${x.name}]`),
          })),
          (s) => listItems(oc, mk.Generated(s)),
          index,
          claims,
        );
      },
      fallback: bodyFallback(body),
    }),
  };
}
