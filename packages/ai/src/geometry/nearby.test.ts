import { describe, expect, it } from "vitest";
import { nearestRefs } from "./nearby.ts";

/** The plain definition, for comparison: full edit distance, filter, sort. */
function oracle(wanted: string, candidates: string[], count = 5): string[] {
  const lev = (a: string, b: string): number => {
    const d = Array.from({ length: a.length + 1 }, (_, i) => [
      i,
      ...Array<number>(b.length).fill(0),
    ]);
    for (let j = 0; j <= b.length; j++) d[0]![j] = j;
    for (let i = 1; i <= a.length; i++)
      for (let j = 1; j <= b.length; j++)
        d[i]![j] = Math.min(
          d[i - 1]![j]! + 1,
          d[i]![j - 1]! + 1,
          d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
        );
    return d[a.length]![b.length]!;
  };
  const feature = (r: string) => r.replace(/^(face|edge):/, "").split(":")[0];
  const limit = Math.max(8, Math.ceil(wanted.length * 0.6));
  return candidates
    .map((ref) => ({ ref, d: lev(wanted, ref), same: feature(ref) === feature(wanted) }))
    .filter((c) => c.same || c.d <= limit)
    .map((c) => ({ ref: c.ref, score: (c.same ? 0 : 1000) + c.d }))
    .sort((a, b) => a.score - b.score || (a.ref < b.ref ? -1 : a.ref > b.ref ? 1 : 0))
    .slice(0, count)
    .map((c) => c.ref);
}

describe("T1.3 nearby refs", () => {
  it("[T1.3] same feature first, then by edit distance, then by ref", () => {
    const refs = [
      "face:e1:top",
      "face:e1:bottom",
      "face:e2:top",
      "face:e1:side:r1.left",
      "face:f1:x",
    ];
    expect(nearestRefs("face:e1:tpo", refs, 3)).toEqual([
      "face:e1:top",
      "face:e1:bottom",
      "face:e1:side:r1.left",
    ]);
    expect(nearestRefs("e3", ["s1", "e1", "e2", "f1"], 2)).toEqual(["e1", "e2"]);
  });

  it("[T1.3] agrees with the plain definition on random names", () => {
    let seed = 7;
    const rand = (n: number): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const parts = ["e1", "e2", "f1", "s1", "top", "bottom", "side:r1.left", "side:h1", "side:p1.2"];
    const name = (): string =>
      `face:${parts[rand(4)]}:${parts[4 + rand(5)]}${rand(3) === 0 ? `@${rand(4)}` : ""}`;
    for (let round = 0; round < 200; round++) {
      const candidates = [...new Set(Array.from({ length: 1 + rand(40) }, name))];
      const wanted = rand(2) ? name() : `${name()}x${rand(9)}`;
      const count = 1 + rand(6);
      expect(nearestRefs(wanted, candidates, count)).toEqual(oracle(wanted, candidates, count));
    }
  });
});
