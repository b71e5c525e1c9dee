import { describe, expect, it } from "vitest";
import { parseXml, type Model } from "@kerf/document";
import { checkOrder, dependentsOf, moved, usesOf } from "./deps.ts";
import { formatNumber, paramsOf, parseNumber } from "./params.ts";

function model(xml: string): Model {
  const r = parseXml(xml);
  if (!r.ok) throw new Error(JSON.stringify(r.report.errors));
  return r.model;
}

const PLATE = model(`<model version="1" units="mm" name="P"><features>
  <sketch id="s1" plane="XY"><rect id="r1" x="-20" y="-10" width="40" height="20"/></sketch>
  <extrude id="e1" sketch="s1" distance="10"/>
  <sketch id="s2" plane="face:e1:top"><circle id="c1" cx="0" cy="0" r="3"/></sketch>
  <extrude id="e2" sketch="s2" extent="throughAll" direction="reverse" op="cut"/>
  <fillet id="f1" edges="edge:e1:side:r1.right|e1:top" radius="2"/>
</features></model>`);

describe("dependencies (D5.3)", () => {
  it("a feature uses its sketch and every feature its refs name", () => {
    const byId = new Map(PLATE.features.map((f) => [f.id as string, f]));
    expect([...usesOf(byId.get("e1")!)]).toEqual(["s1"]);
    expect([...usesOf(byId.get("s2")!)]).toEqual(["e1"]);
    expect([...usesOf(byId.get("f1")!)]).toEqual(["e1"]);
  });

  it("dependents are found transitively, in document order", () => {
    expect(dependentsOf(PLATE, "e1")).toEqual(["s2", "e2", "f1"]);
    expect(dependentsOf(PLATE, "f1")).toEqual([]);
  });

  it("[D5.3] a move that puts a feature before what it uses is refused", () => {
    const ids = PLATE.features.map((f) => f.id as string);
    expect(checkOrder(PLATE, moved(ids, 1, 0), "e1").ok).toBe(false); // e1 before s1
    expect(checkOrder(PLATE, moved(ids, 0, 1), "s1").ok).toBe(false); // s1 after e1
    expect(checkOrder(PLATE, moved(ids, 4, 2), "f1").ok).toBe(true); // fillet before s2
    const bad = checkOrder(PLATE, moved(ids, 4, 1), "f1");
    expect(bad).toEqual({ ok: false, reason: "f1 uses e1, so it cannot come before it" });
  });
});

describe("parameters", () => {
  it("[D2] numbers follow the decimal literal rule", () => {
    expect(parseNumber("10", "positive")).toEqual({ ok: true, value: 10 });
    expect(parseNumber(".5", "positive")).toEqual({ ok: true, value: 0.5 });
    expect(parseNumber("1e-3", "positive")).toEqual({ ok: true, value: 0.001 });
    for (const bad of ["+5", "0x10", "", "NaN", "1,5", "abc"]) {
      expect(parseNumber(bad, "any").ok, bad).toBe(false);
    }
  });

  it("[D5] ranges: sizes > 0, angles in (0, 360]", () => {
    expect(parseNumber("0", "positive").ok).toBe(false);
    expect(parseNumber("-2", "positive").ok).toBe(false);
    expect(parseNumber("-2", "any").ok).toBe(true);
    expect(parseNumber("360", "angle").ok).toBe(true);
    expect(parseNumber("361", "angle").ok).toBe(false);
  });

  it("formats without float noise", () => {
    expect(formatNumber(0.1 + 0.2)).toBe("0.3");
    expect(formatNumber(-0)).toBe("0");
  });

  it("an extrude shows distance only for a blind extent", () => {
    const e1 = PLATE.features[1]!;
    const e2 = PLATE.features[3]!;
    expect(paramsOf(e1).map((p) => p.key)).toContain("distance");
    expect(paramsOf(e2).map((p) => p.key)).not.toContain("distance");
  });
});
