import { describe, expect, it } from "vitest";
import { diff, type Problem } from "@kerf/document";
import {
  cardOfInvalid,
  describeFeature,
  diffRows,
  formatMeasure,
  isApplicable,
  relativeChange,
  type PreviewCard,
} from "./preview-card.ts";

const BASE = `<model version="1" units="mm" name="Plate">
  <features>
    <sketch id="s1" plane="XY">
      <rect id="r1" x="-20" y="-10" width="40" height="20"/>
    </sketch>
    <extrude id="e1" sketch="s1" distance="10"/>
    <chamfer id="c1" edges="face:e1:bottom" distance="1"/>
  </features>
</model>`;

const PROPOSED = `<model version="1" units="mm" name="Plate">
  <features>
    <sketch id="s1" plane="XY">
      <rect id="r1" x="-20" y="-10" width="40" height="25"/>
    </sketch>
    <extrude id="e1" sketch="s1" distance="15"/>
    <fillet id="f1" edges="face:e1:top" radius="2"/>
  </features>
</model>`;

function rowsOf(a: string, b: string) {
  const d = diff(a, b);
  return diffRows({
    diff: { added: d.added, removed: d.removed, modified: d.modified, moved: d.moved },
    baseText: a,
    proposedText: b,
  });
}

describe("preview card: a readable diff", () => {
  it("[T1] lists added, removed and changed features with old → new values", () => {
    const rows = rowsOf(BASE, PROPOSED);
    const byKind = (k: string) => rows.filter((r) => r.kind === k);
    expect(byKind("added").map((r) => r.text)).toEqual(["fillet f1: edges face:e1:top, radius 2"]);
    expect(byKind("removed").map((r) => r.text)).toEqual([
      "chamfer c1: edges face:e1:bottom, distance 1",
    ]);
    const e1 = rows.find((r) => r.id === "e1");
    expect(e1?.kind).toBe("modified");
    expect(e1?.changes).toContainEqual({ attr: "distance", before: "10", after: "15" });
    const s1 = rows.find((r) => r.id === "s1");
    expect(s1?.changes).toContainEqual({ attr: "entities", before: "", after: "1 changed" });
  });

  it("an identical document has no rows", () => {
    expect(rowsOf(BASE, BASE)).toEqual([]);
  });

  it("describes sketches by their entity count and names by their name", () => {
    expect(
      describeFeature({
        type: "sketch",
        id: "s1",
        name: "Base",
        suppressed: false,
        plane: "XY",
        offset: 0,
        entities: [],
      } as never),
    ).toBe("sketch s1 “Base”: plane XY, offset 0, 0 entities");
  });
});

describe("preview card: apply only what is valid and waiting", () => {
  const problems: Problem[] = [
    { code: "UNKNOWN_ELEMENT", severity: "error", message: "<blob> is not a feature type." },
  ];

  it("[D6] an invalid proposal shows its problems and is never applicable", () => {
    const card = cardOfInvalid({ valid: false, errors: problems }, "Add a blob", "call_1");
    expect(card.status).toBe("invalid");
    expect(card.changeId).toBeNull();
    expect(card.problems).toEqual([
      { severity: "error", code: "UNKNOWN_ELEMENT", message: "<blob> is not a feature type." },
    ]);
    expect(isApplicable(card)).toBe(false);
  });

  it("[L7] applied, rejected, superseded and expired cards cannot be applied", () => {
    const base: PreviewCard = {
      changeId: "c1",
      callId: "x",
      summary: "s",
      status: "awaiting_user",
      problems: [],
      diff: [],
      build: [],
      body: {
        volume: { before: 1, after: 1 },
        area: { before: 1, after: 1 },
        faces: { before: 1, after: 1 },
      },
    };
    expect(isApplicable(base)).toBe(true);
    for (const status of ["applied", "rejected", "superseded", "expired"] as const)
      expect(isApplicable({ ...base, status })).toBe(false);
  });
});

describe("preview card: the body's change", () => {
  it("gives relative changes with a sign", () => {
    expect(relativeChange(8000, 7965.66)).toBe("−0.4 %");
    expect(relativeChange(100, 150)).toBe("+50 %");
    expect(relativeChange(100, 100)).toBe("±0 %");
    expect(relativeChange(null, 5)).toBeNull();
    expect(relativeChange(0, 5)).toBeNull();
  });

  it("formats volumes and areas with their units", () => {
    expect(formatMeasure(8000, "mm³")).toBe("8,000 mm³");
    expect(formatMeasure(12.345, "mm²")).toBe("12.3 mm²");
    expect(formatMeasure(null, "mm³")).toBe("no body");
  });
});
