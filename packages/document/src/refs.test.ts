import { describe, expect, it } from "vitest";
import {
  faceNamesOf,
  formatRef,
  hasUnsortedEdgeName,
  mapFaceNames,
  parseRef,
  type Ref,
} from "./refs.ts";

function ref(s: string): Ref {
  const r = parseRef(s);
  if (!r.ok) throw new Error(r.message);
  return r.value;
}

describe("refs helpers", () => {
  it("[R1] faceNamesOf lists nested face names, outermost first", () => {
    const names = faceNamesOf(ref("face:f1:blend[e1:side:r1.top|e1:top]")).map((f) => f.feature);
    expect(names).toEqual(["f1", "e1", "e1"]);
    expect(faceNamesOf(ref("edge:e1:top|s1:inner[e2:top]")).map((f) => f.feature)).toEqual([
      "e1",
      "s1",
      "e2",
    ]);
  });

  it("[R1] hasUnsortedEdgeName finds an unsorted edge name at any depth, by code unit", () => {
    expect(hasUnsortedEdgeName(ref("edge:e1:side:r1.top|e1:top"))).toBe(false);
    expect(hasUnsortedEdgeName(ref("edge:e1:top|e1:side:r1.top"))).toBe(true);
    expect(hasUnsortedEdgeName(ref("face:f1:blend[e1:top|e1:side:r1.top]"))).toBe(true);
    expect(hasUnsortedEdgeName(ref("edge:Z1:top|a1:top"))).toBe(false);
  });

  it("[D4.1.1] mapFaceNames rewrites every face name, and formatRef re-sorts the edge", () => {
    const mapped = mapFaceNames(ref("edge:e1:side:p1.2|e1:side:p1.3"), (f) =>
      f.role.kind === "side" && f.role.segment === "p1.2"
        ? { ...f, role: { kind: "side", segment: "p1.9" } }
        : f,
    );
    expect(formatRef(mapped)).toBe("edge:e1:side:p1.3|e1:side:p1.9");
    const nested = mapFaceNames(ref("face:f1:blend[e1:side:p1.2|e1:top]"), (f) =>
      f.feature === "e1" ? { ...f, feature: "e7" } : f,
    );
    expect(formatRef(nested)).toBe("face:f1:blend[e7:side:p1.2|e7:top]");
  });
});
