import { z } from "zod";
import type { BuildResult } from "@kerf/kernel";
import { fail, ok, type ToolResult } from "../envelope.ts";
import { viewOf } from "../geometry/index-view.ts";
import { ORIENTATIONS } from "../geometry/orientation.ts";
import { firstMatches, unknownFeature } from "./shared.ts";
import { defineTool, type Given } from "../tool.ts";

const SURFACE_TYPES = ["plane", "cylinder", "cone", "sphere", "torus", "bspline", "any"] as const;

const schema = z.strictObject({
  surfaceType: z
    .enum(SURFACE_TYPES)
    .nullable()
    .optional()
    .describe('Kind of surface; null or "any" for all.'),
  orientation: z
    .enum([...ORIENTATIONS, "any"])
    .nullable()
    .optional()
    .describe(
      'Which way the face points (outward normal within 10° of the axis): top +Z, bottom −Z, front −Y, back +Y, left −X, right +X, side = horizontal normal or a vertical cylinder/cone. Curved faces otherwise match only "any".',
    ),
  featureId: z
    .string()
    .nullable()
    .optional()
    .describe('Only faces named by this feature, e.g. "e1".'),
  minArea: z.number().nonnegative().nullable().optional().describe("Smallest area in mm²."),
  maxArea: z.number().nonnegative().nullable().optional().describe("Largest area in mm²."),
  limit: z
    .number()
    .int()
    .min(1)
    .max(500)
    .nullable()
    .optional()
    .describe("Most faces to return (default 25)."),
});

export type FindFacesArgs = Given<z.output<typeof schema>>;

/** Pure: the T1 answer of find_faces over a build's TopologyIndex. */
export function findFaces(build: BuildResult, args: FindFacesArgs): ToolResult {
  if (args.featureId !== undefined && !build.features.some((f) => f.id === args.featureId)) {
    return unknownFeature(build, args.featureId);
  }
  const view = viewOf(build.topology);
  const { surfaceType, orientation, featureId, minArea, maxArea } = args;
  const limit = args.limit ?? 25;
  if (minArea !== undefined && maxArea !== undefined && minArea > maxArea) {
    return fail("INVALID_ARGUMENTS", `minArea (${minArea}) is larger than maxArea (${maxArea}).`);
  }
  const found = firstMatches(
    view.faces,
    (face) =>
      (!surfaceType || surfaceType === "any" || face.surfaceType === surfaceType) &&
      (!orientation ||
        orientation === "any" ||
        view.orientations.get(face)!.includes(orientation)) &&
      (featureId === undefined || face.featureId === featureId) &&
      (minArea === undefined || face.area >= minArea) &&
      (maxArea === undefined || face.area <= maxArea),
    limit,
  );
  return ok({ total: found.total, truncated: found.truncated, faces: found.matches });
}

export const findFacesTool = defineTool({
  name: "find_faces",
  description: [
    "Find faces of the built body by surface type, orientation, feature and area. Use it to look before you edit: to get the exact ref of the face to sketch on, cut into, shell or fillet.",
    "Returns {total, truncated, faces: [FaceInfo]} sorted by ref; FaceInfo = {ref, featureId, surfaceType, area (mm²), centroid, bbox, normal (planes), axis and radius (cylinders, cones, spheres), sketchFrame (planes), edgeCount, fragile?}. All arguments are optional (null = not given); `{}` lists every face (up to limit).",
    'Example: {"surfaceType":"plane","orientation":"top","featureId":null,"minArea":null,"maxArea":null,"limit":5} → {"total":1,"truncated":false,"faces":[{"ref":"face:e1:top","surfaceType":"plane","area":800,"normal":[0,0,1],…}]}',
  ].join("\n"),
  schema,
  readOnly: true,
  truncationHint:
    "Narrow the query with featureId, surfaceType, orientation, minArea/maxArea or a smaller limit.",
  run: async (args, { session }) => findFaces(await session.currentBuild(), args),
});
