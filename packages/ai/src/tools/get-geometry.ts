import { z } from "zod";
import type { BuildResult } from "@kerf/kernel";
import { fail, ok, type ToolResult } from "../envelope.ts";
import { describeEntity } from "../geometry/describe.ts";
import { defineTool } from "../tool.ts";

const schema = z.strictObject({
  ref: z
    .string()
    .min(1)
    .describe(
      'A face ref (face:…), an edge ref (edge:…), a feature id (e.g. "e1"), or "body" for the whole body.',
    ),
});

/** Pure: the T1 answer of get_geometry. */
export function getGeometry(build: BuildResult, ref: string): ToolResult {
  if (ref === "body") {
    if (!build.body)
      return fail("NO_BODY", "There is no body yet: no feature has produced a solid.");
    const { volume, area, bbox, centerOfMass, faceCount, edgeCount } = build.body;
    return ok({ volume, area, bbox, centerOfMass, faceCount, edgeCount });
  }
  const d = describeEntity(build, ref);
  return d.ok ? ok(d.geometry) : { ok: false, error: d.error };
}

export const getGeometryTool = defineTool({
  name: "get_geometry",
  description: [
    "Exact geometry of one thing: a face, an edge, a feature, or the whole body. Use it to read sizes and positions before you write numbers into a change (millimetres, vectors as [x, y, z]).",
    'Returns a FaceInfo or EdgeInfo for a ref (plus `pieces` when the ref names several pieces); for a feature id {id, type, status, error?, faces: [ref]}; for "body" {volume, area, bbox, centerOfMass, faceCount, edgeCount}. A ref that does not resolve is an error listing nearby valid refs.',
    'Example: {"ref":"face:e1:top"} → {"ref":"face:e1:top","surfaceType":"plane","area":800,"centroid":[0,0,10],"normal":[0,0,1],"sketchFrame":{…},…}',
  ].join("\n"),
  schema,
  readOnly: true,
  run: async ({ ref }, { session }) => getGeometry(await session.currentBuild(), ref),
});
