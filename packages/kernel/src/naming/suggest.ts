/** Nearest existing names for REF_NOT_FOUND messages (R3.3). */

export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
    }
    prev = cur;
  }
  return prev[b.length]!;
}

/** Up to `n` candidates nearest to `name`, nearest first (ties in code-unit order). */
export function nearest(name: string, candidates: Iterable<string>, n = 5): string[] {
  const scored = [...new Set(candidates)].map((c) => ({ c, d: levenshtein(name, c) }));
  scored.sort((x, y) => x.d - y.d || (x.c < y.c ? -1 : x.c > y.c ? 1 : 0));
  return scored.slice(0, n).map((s) => s.c);
}
