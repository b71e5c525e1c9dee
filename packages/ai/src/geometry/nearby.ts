/** T1.3: a ref error lists nearby valid refs, so the model can correct itself in one step. */

/** Two reusable rows for `distance` (refs are short; they grow when a longer one comes). */
let prevRow = new Int32Array(64);
let nextRow = new Int32Array(64);

/**
 * Levenshtein distance, bounded: returns `max + 1` as soon as it is sure to exceed `max`. Only
 * the diagonal band |i − j| ≤ max is computed (a cell outside it is already over `max`), and
 * nothing is allocated per call: on a body of thousands of faces this runs for every name.
 */
function distance(a: string, b: string, max: number): number {
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > max) return max + 1;
  if (prevRow.length <= m + 1) {
    prevRow = new Int32Array(m * 2 + 2);
    nextRow = new Int32Array(m * 2 + 2);
  }
  const over = max + 1;
  let prev = prevRow;
  let row = nextRow;
  for (let j = 0; j <= m; j++) prev[j] = j <= max ? j : over;
  for (let i = 1; i <= n; i++) {
    const from = Math.max(1, i - max);
    const to = Math.min(m, i + max);
    row[from - 1] = from === 1 && i <= max ? i : over;
    let best = row[from - 1]!;
    const ca = a.charCodeAt(i - 1);
    for (let j = from; j <= to; j++) {
      let v = prev[j - 1]! + (ca === b.charCodeAt(j - 1) ? 0 : 1);
      const up = prev[j]! + 1;
      if (up < v) v = up;
      const left = row[j - 1]! + 1;
      if (left < v) v = left;
      if (v > over) v = over;
      row[j] = v;
      if (v < best) best = v;
    }
    if (to < m) row[to + 1] = over;
    if (best > max) return over;
    const t = prev;
    prev = row;
    row = t;
  }
  return prev[m]! > max ? over : prev[m]!;
}

function featureOf(ref: string): string {
  const name = ref.replace(/^(face|edge):/, "");
  const colon = name.indexOf(":");
  return colon < 0 ? name : name.slice(0, colon);
}

/** `featureOf(ref) === feature`, without making strings (it runs for every candidate). */
function ofFeature(ref: string, feature: string): boolean {
  const at = ref.startsWith("face:") || ref.startsWith("edge:") ? 5 : 0;
  if (!ref.startsWith(feature, at)) return false;
  const end = at + feature.length;
  return end === ref.length || ref.charCodeAt(end) === 58; // ":"
}

const SAME_FEATURE = 0;
const OTHER_FEATURE = 1000;

interface Scored {
  ref: string;
  score: number;
}

const before = (x: Scored, y: Scored): boolean =>
  x.score < y.score || (x.score === y.score && x.ref < y.ref);

/**
 * Up to `count` candidates closest to `wanted`: those of the same feature first, then by edit
 * distance, then by ref. Names of other features count only within an edit distance of
 * max(8, 60% of the length of `wanted`).
 */
export function nearestRefs(wanted: string, candidates: Iterable<string>, count = 5): string[] {
  const feature = featureOf(wanted);
  const limit = Math.max(8, Math.ceil(wanted.length * 0.6));
  // The best `count` so far, kept sorted; its last entry bounds the search for the rest.
  const best: Scored[] = [];
  for (const ref of candidates) {
    const base = ofFeature(ref, feature) ? SAME_FEATURE : OTHER_FEATURE;
    let bound = base === SAME_FEATURE ? Number.MAX_SAFE_INTEGER : limit;
    const worst = best.length === count ? best[count - 1]! : undefined;
    if (worst) bound = Math.min(bound, worst.score - base);
    if (bound < 0) continue;
    const d = distance(wanted, ref, bound);
    if (d > bound) continue;
    const entry = { ref, score: base + d };
    if (worst && !before(entry, worst)) continue;
    let at = best.length;
    while (at > 0 && before(entry, best[at - 1]!)) at--;
    best.splice(at, 0, entry);
    if (best.length > count) best.pop();
  }
  return best.map((s) => s.ref);
}
