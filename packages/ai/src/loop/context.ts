/**
 * L9: the system prompt. It carries the document's text form, the build status with errors, the
 * current selection (refs and notes) and a short guide to the format and refs, and tells the model
 * to look before editing, validate, and propose through preview_change.
 */
import type { BuildResult } from "@kerf/kernel";
import { num } from "../geometry/notes.ts";
import type { Decision } from "../preview/store.ts";
import type { Session } from "../session.ts";
import { describeSelection } from "../tools/get-current-selection.ts";

const ROLE = `You are the modelling assistant inside Kerf, a parametric CAD modeller. The model is a feature tree (sketch, extrude, revolve, fillet, chamfer, shell) stored as XML and rebuilt by a geometry kernel.

How to work:
1. Look before you edit. When the user says "this" or "the selected …", call get_current_selection. Use find_faces, find_edges and get_geometry to get exact refs, sizes and positions. Never invent a ref.
2. To change the model, write the WHOLE proposed document (every feature, not a fragment), check it with validate_xml, fix every error, then call preview_change with it and a one-line summary.
3. You cannot change the model yourself. preview_change only shows a preview; the user applies or rejects it. Never say you changed or applied anything: say which change you proposed (its changeId) and what it will do.
4. Units are millimetres and degrees. Be brief.`;

const GUIDE = `Format (text form):
<model version="1" units="mm" name="…"><features> … </features></model>
- <sketch id plane="XY|XZ|YZ|face-ref" [offset]> with entities <line x1 y1 x2 y2/>, <arc cx cy r start end/>, <circle cx cy r/>, <rect x y width height/> (lower-left corner), <polyline points="x,y x,y …" closed/>. Rect segments: <id>.bottom/.right/.top/.left; polyline segments <id>.0…; line, arc, circle: <id>.
- <extrude id sketch|faces distance direction="normal|reverse|symmetric" op="add|cut|intersect" extent="blind|throughAll|toFace" to/>. A cut from a sketch on a face usually wants direction="reverse".
- <revolve id sketch axis="x|y|line-id" angle op/>, <fillet id edges radius/>, <chamfer id edges distance/>, <shell id faces thickness/>.
- Every feature has a unique id ([A-Za-z_][A-Za-z0-9_-]*, not "body") and may reference only earlier features. Lists of refs are separated by spaces.
References name faces and edges by how they were made:
- face:<feature>:top | bottom (extrude caps) | side:<segment> (swept from a sketch segment, e.g. face:e1:side:r1.top) | start | end (revolve caps) | blend[<edge name>] (fillet/chamfer face) | inner[<face name>] (shell).
- edge:<faceName>|<faceName>: the two faces it separates, without "face:", in code-unit order, e.g. edge:e1:side:r1.top|e1:top.
- @k / #k pick one of several pieces; such names are fragile, avoid storing them when another name works.`;

export async function systemPrompt(session: Session): Promise<string> {
  const doc = session.document();
  let build: BuildResult | undefined;
  let buildProblem = "";
  try {
    build = await session.currentBuild();
  } catch (e) {
    buildProblem = e instanceof Error ? e.message : String(e);
  }
  const parts = [
    ROLE,
    GUIDE,
    `Current document (revision ${doc.revision}):\n\`\`\`xml\n${doc.text.trim()}\n\`\`\``,
    build ? buildStatus(build) : `Build status: unavailable (${buildProblem}).`,
    build ? selectionText(build, session.selection().refs) : "",
  ];
  return parts.filter(Boolean).join("\n\n");
}

function buildStatus(build: BuildResult): string {
  const lines = build.features.map((f) => {
    const error = f.error ? ` ${f.error.code}: ${f.error.message}` : "";
    return `- ${f.id} (${f.type}): ${f.status}${error}`;
  });
  const failed = build.features.filter((f) => f.status === "error").length;
  const head =
    failed > 0 ? `Build status: ${failed} feature(s) failed.` : "Build status: all features built.";
  const b = build.body;
  const body = b
    ? `Body: volume ${num(b.volume)} mm³, bbox [${b.bbox.min.map(num).join(", ")}] to [${b.bbox.max.map(num).join(", ")}], ${b.faceCount} faces, ${b.edgeCount} edges.`
    : "Body: none yet.";
  return [head, ...lines, body].join("\n");
}

function selectionText(build: BuildResult, refs: readonly string[]): string {
  if (refs.length === 0) return "Selection: nothing is selected.";
  const items = describeSelection(build, refs);
  return ["Selection:", ...items.map((i) => `- ${i.ref}: ${i.note}`)].join("\n");
}

/** L7: the user's decisions since the last message, told to the model on the next turn. */
export function decisionNotes(decisions: readonly Decision[]): string {
  return decisions
    .map((d) =>
      d.decision === "rejected"
        ? `[the user rejected change ${d.changeId}; do not propose it again unchanged]`
        : `[the user applied change ${d.changeId}; the current document includes it]`,
    )
    .join("\n");
}
