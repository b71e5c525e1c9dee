import { describe, expect, it } from "vitest";
import { ok, fail } from "../envelope.ts";
import { resultForModel } from "./truncate.ts";

describe("L5 truncation", () => {
  it("[L5] leaves small results alone", () => {
    const r = ok({ a: [1, 2, 3] });
    expect(resultForModel(r, "hint")).toBe(JSON.stringify(r));
  });

  it("[L5] trims the longest array first, keeps valid JSON and says by how much", () => {
    const r = ok({ long: Array.from({ length: 1000 }, (_, i) => `item-${i}`), short: ["a", "b"] });
    const text = resultForModel(r, "Narrow it.", 2000);
    expect(text.length).toBeLessThanOrEqual(2000);
    const parsed = JSON.parse(text);
    expect(parsed.data.short).toEqual(["a", "b"]);
    expect(parsed.data.long[0]).toBe("item-0");
    expect(parsed.meta.truncated.total).toBe(1000);
    expect(parsed.meta.truncated.returned).toBe(parsed.data.long.length);
    expect(parsed.meta.truncated.hint).toMatch(/Showing \d+ of 1000\. Narrow it\./);
  });

  it("[L5] keeps meta.cached next to meta.truncated", () => {
    const r = { ...ok({ xs: Array.from({ length: 500 }, (_, i) => i) }), meta: { cached: true } };
    const parsed = JSON.parse(resultForModel(r, "h", 500));
    expect(parsed.meta.cached).toBe(true);
    expect(parsed.meta.truncated.returned).toBeLessThan(500);
  });

  it("[L5] without arrays to trim, still valid JSON under the limit", () => {
    const text = resultForModel(fail("KERNEL_FAILURE", "x".repeat(5000)), "h", 1000);
    expect(text.length).toBeLessThanOrEqual(1000);
    expect(JSON.parse(text).meta.truncated.returned).toBe(0);
  });
});
