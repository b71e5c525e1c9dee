/**
 * Prompts the panel offers for the current selection ("Fillet these edges…", "Extrude this
 * face…"); clicking one fills the input, it is never sent on its own.
 */
import type { EdgeInfo, FaceInfo } from "@kerf/kernel";

export interface SelectionFacts {
  refs: readonly string[];
  face(ref: string): FaceInfo | undefined;
  edge(ref: string): EdgeInfo | undefined;
  /** The document has a body to work on. */
  hasBody: boolean;
}

export function suggestionsFor(s: SelectionFacts): string[] {
  const faces = s.refs.filter((r) => r.startsWith("face:"));
  const edges = s.refs.filter((r) => r.startsWith("edge:"));
  if (!s.hasBody && s.refs.length === 0)
    return ["Make a 40 × 20 × 10 mm plate", "What can you do?"];
  if (s.refs.length === 0)
    return [
      "Describe this part",
      "Round all vertical edges with 2 mm",
      "Make the part 5 mm thicker",
    ];
  const out: string[] = [];
  if (edges.length) {
    const these = edges.length === 1 ? "this edge" : "these edges";
    out.push(`Fillet ${these} 2 mm`, `Chamfer ${these} 1 mm`);
  }
  if (faces.length) {
    const planar = faces.every((r) => s.face(r)?.surfaceType === "plane");
    const these = faces.length === 1 ? "this face" : "these faces";
    out.push(`Fillet the edges of ${these} 2 mm`);
    if (planar) out.push(`Extrude ${these} by 5 mm`);
    if (planar) out.push(`Shell the part, removing ${these}, 1.5 mm walls`);
    const cyl = faces.filter((r) => s.face(r)?.surfaceType === "cylinder");
    if (cyl.length)
      out.push(`What is the diameter of ${cyl.length === 1 ? "this hole" : "these holes"}?`);
  }
  out.push("What is selected?");
  return out;
}
