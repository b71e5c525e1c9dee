/** T1.3: a ref error lists nearby valid refs, so the model can correct itself in one step. */

/** Levenshtein distance, bounded: stops early once every entry of a row exceeds `max`. */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const v = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      row.push(v);
      if (v < best) best = v;
    }
    if (best > max) return max + 1;
    prev = row;
  }
  return prev[b.length]!;
}

function featureOf(ref: string): string {
  const name = ref.replace(/^(face|edge):/, "");
  const colon = name.indexOf(":");
  return colon < 0 ? name : name.slice(0, colon);
}

/**
 * Up to `count` candidates closest to `wanted`: those of the same feature first, then by edit
 * distance, then by ref.
 */
export function nearestRefs(wanted: string, candidates: Iterable<string>, count = 5): string[] {
  const feature = featureOf(wanted);
  const scored: { ref: string; score: number }[] = [];
  const max = Math.max(8, Math.ceil(wanted.length * 0.6));
  for (const ref of candidates) {
    const d = distance(wanted, ref, max);
    const sameFeature = featureOf(ref) === feature;
    if (d > max && !sameFeature) continue;
    scored.push({ ref, score: (sameFeature ? 0 : 1000) + d });
  }
  scored.sort((a, b) => a.score - b.score || (a.ref < b.ref ? -1 : a.ref > b.ref ? 1 : 0));
  return scored.slice(0, count).map((s) => s.ref);
}
