import { describe, expect, it } from "vitest";
import type { FaceInfo } from "@kerf/kernel";
import { suggestionsFor } from "./suggestions.ts";

const faces: Record<string, Partial<FaceInfo>> = {
  "face:e1:top": { surfaceType: "plane" },
  "face:e2:side": { surfaceType: "cylinder" },
};
const facts = (refs: string[], hasBody = true) => ({
  refs,
  hasBody,
  face: (r: string) => faces[r] as FaceInfo | undefined,
  edge: () => undefined,
});

describe("suggestions fit the selection", () => {
  it("edges: fillet or chamfer them", () => {
    expect(suggestionsFor(facts(["edge:a|b", "edge:c|d"])).slice(0, 2)).toEqual([
      "Fillet these edges 2 mm",
      "Chamfer these edges 1 mm",
    ]);
    expect(suggestionsFor(facts(["edge:a|b"]))[0]).toBe("Fillet this edge 2 mm");
  });

  it("a planar face: extrude it, round its edges", () => {
    const s = suggestionsFor(facts(["face:e1:top"]));
    expect(s).toContain("Extrude this face by 5 mm");
    expect(s).toContain("Fillet the edges of this face 2 mm");
  });

  it("a cylindrical face is not offered an extrude", () => {
    const s = suggestionsFor(facts(["face:e2:side"]));
    expect(s.some((x) => x.startsWith("Extrude"))).toBe(false);
    expect(s).toContain("What is the diameter of this hole?");
  });

  it("nothing selected: whole-part prompts; an empty document: a first part", () => {
    expect(suggestionsFor(facts([]))).toContain("Describe this part");
    expect(suggestionsFor(facts([], false))[0]).toBe("Make a 40 × 20 × 10 mm plate");
  });
});
