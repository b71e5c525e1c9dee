import { z } from "zod";
import type { BuildResult } from "@kerf/kernel";
import { ok, type ToolResult } from "../envelope.ts";
import { describeEntity, type EntityGeometry, type FeatureGeometry } from "../geometry/describe.ts";
import { edgeNote, faceNote, featureNote } from "../geometry/notes.ts";
import { defineTool } from "../tool.ts";

export interface SelectionItem {
  kind: "face" | "edge" | "feature";
  ref: string;
  featureId: string | null;
  /** One plain sentence, e.g. "planar face, end cap of extrude e1, 800 mm², normal +Z". */
  note: string;
  /** FaceInfo / EdgeInfo / feature summary; null when the ref no longer resolves. */
  geometry: EntityGeometry | FeatureGeometry | null;
}

/** Pure: what the user has selected, described against `build` (T1; also used by L9). */
export function describeSelection(build: BuildResult, refs: readonly string[]): SelectionItem[] {
  return refs.map((ref): SelectionItem => {
    const kind = ref.startsWith("face:") ? "face" : ref.startsWith("edge:") ? "edge" : "feature";
    const d = describeEntity(build, ref);
    if (!d.ok) {
      return {
        kind,
        ref,
        featureId: null,
        note: `no longer on the body: ${d.error.message}`,
        geometry: null,
      };
    }
    if (d.kind === "feature") {
      const g = d.geometry;
      const status = build.features.find((f) => f.id === g.id)!;
      return { kind, ref, featureId: g.id, note: featureNote(status, g.faces.length), geometry: g };
    }
    const g = d.geometry;
    const note = "surfaceType" in g ? faceNote(g, build.features) : edgeNote(g, build.features);
    const pieces = g.pieces ? ` (${g.pieces.length} pieces)` : "";
    return { kind: d.kind, ref, featureId: g.featureId, note: note + pieces, geometry: g };
  });
}

export function currentSelection(build: BuildResult, refs: readonly string[]): ToolResult {
  const selection = describeSelection(build, refs);
  return ok({ count: selection.length, selection });
}

export const getCurrentSelectionTool = defineTool({
  name: "get_current_selection",
  description: [
    'What the user has selected in the viewer or the feature tree right now. Call it first when the user says "this", "that face", "these edges" or "the selected feature".',
    'Returns {count, selection: [{kind: "face"|"edge"|"feature", ref, featureId, note, geometry}]}; `note` is one plain sentence, `geometry` is a FaceInfo, EdgeInfo or feature summary. Takes no arguments.',
    'Example: {} → {"count":1,"selection":[{"kind":"face","ref":"face:e1:top","featureId":"e1","note":"planar face, end cap of extrude e1, 800 mm², normal +Z","geometry":{…}}]}',
  ].join("\n"),
  schema: z.strictObject({}),
  readOnly: true,
  dependsOnSelection: true,
  run: async (_args, { session }) =>
    currentSelection(await session.currentBuild(), session.selection().refs),
});
