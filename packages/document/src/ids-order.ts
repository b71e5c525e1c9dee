/**
 * Which items of a reordered list stayed in place: the longest run of ids (unique strings) whose
 * relative order both lists share (longest increasing subsequence, O(n log n)). Everything else
 * that both lists hold counts as moved.
 */
export function stableIds(before: readonly string[], after: readonly string[]): Set<string> {
  const posInAfter = new Map<string, number>();
  after.forEach((id, i) => {
    if (!posInAfter.has(id)) posInAfter.set(id, i);
  });
  const seq: { id: string; pos: number }[] = [];
  const seen = new Set<string>();
  for (const id of before) {
    const pos = posInAfter.get(id);
    if (pos !== undefined && !seen.has(id)) {
      seen.add(id);
      seq.push({ id, pos });
    }
  }
  // Patience sorting: tails[k] = index in seq of the smallest tail of an increasing run of length k+1.
  const tails: number[] = [];
  const prev: number[] = new Array<number>(seq.length).fill(-1);
  seq.forEach((item, i) => {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (seq[tails[mid]!]!.pos < item.pos) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) prev[i] = tails[lo - 1]!;
    tails[lo] = i;
  });
  const out = new Set<string>();
  for (let i = tails.length > 0 ? tails[tails.length - 1]! : -1; i >= 0; i = prev[i]!)
    out.add(seq[i]!.id);
  return out;
}
