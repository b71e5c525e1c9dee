import { describe, expect, it } from "vitest";
import {
  formatNumber,
  isIdSyntax,
  isValidId,
  parseNumber,
  parsePoints,
  polylineSegmentCount,
  splitList,
} from "./values.ts";

describe("values", () => {
  it.each(["10", "-2.5", ".5", "1e-3", "0", "-0", "10.", "1E+5"])("[D2] %j is a number", (s) => {
    expect(parseNumber(s)).toBe(Number(s));
  });

  it.each(["+5", " 10", "10 ", "0x10", "", "NaN", "1e999", "Infinity", "1.2.3", "-", ".", "e5"])(
    "[D2] %j is not a number",
    (s) => {
      expect(parseNumber(s)).toBeUndefined();
    },
  );

  it("[D2] formatNumber always writes a D2 literal that reads back exactly", () => {
    for (const n of [0, -0, 1, -2.5, 0.1 + 0.2, 1e-7, 1e21, -1e300, 5e-324, 123456789.125]) {
      const s = formatNumber(n);
      expect(parseNumber(s)).toBe(n === 0 ? 0 : n);
    }
    expect(() => formatNumber(Number.NaN)).toThrow(RangeError);
  });

  it("[D2] ids", () => {
    expect(["a", "_x", "e1", "s-1_b", "A9"].every(isValidId)).toBe(true);
    expect(["", "1a", "a.b", "a:b", "a b", "a|b", "a@1", "a#1", "a[1]"].some(isIdSyntax)).toBe(
      false,
    );
    expect(isIdSyntax("body")).toBe(true);
    expect(isValidId("body")).toBe(false);
  });

  it("[D2][D4] lists and points", () => {
    expect(splitList("  a \t b\nc  ")).toEqual(["a", "b", "c"]);
    expect(splitList("   ")).toEqual([]);
    expect(parsePoints("0,0 1.5,-2 .5,1e1")).toEqual({
      ok: true,
      points: [
        [0, 0],
        [1.5, -2],
        [0.5, 10],
      ],
    });
    expect(parsePoints("0,0 1, 2")).toEqual({ ok: false, bad: "1," });
    expect(parsePoints("0,0,0")).toEqual({ ok: false, bad: "0,0,0" });
    expect(polylineSegmentCount(6, true)).toBe(6);
    expect(polylineSegmentCount(6, false)).toBe(5);
  });
});
