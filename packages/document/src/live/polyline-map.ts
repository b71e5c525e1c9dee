/**
 * D4.1.1: polyline segment names are positional, so a change to the number of points renames
 * later segments. This works out where each old segment went, by aligning the old and new point
 * lists (longest common subsequence of equal points), and rewrites references accordingly.
 */
import { formatRef, mapFaceNames, parseRef, type FaceName } from "../refs.ts";
import { bracketDepth, MAX_REF_DEPTH } from "../validate/refs.ts";
import { polylineSegmentCount, splitList } from "../values.ts";

type Pt = readonly [number, number];

/** Pairs (old index → new index) of a longest common subsequence of equal points. */
function alignPoints(a: readonly Pt[], b: readonly Pt[]): Map<number, number> {
  const out = new Map<number, number>();
  const eq = (p: Pt, q: Pt): boolean => p[0] === q[0] && p[1] === q[1];
  let lo = 0;
  while (lo < a.length && lo < b.length && eq(a[lo]!, b[lo]!)) out.set(lo, lo++);
  let ea = a.length;
  let eb = b.length;
  while (ea > lo && eb > lo && eq(a[ea - 1]!, b[eb - 1]!)) out.set(--ea, --eb);
  const n = ea - lo;
  const m = eb - lo;
  if (n === 0 || m === 0 || n * m > 4_000_000) return out; // only prefix and suffix for huge edits
  // Standard LCS table over the middle parts.
  const dp: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      dp[i]![j] = eq(a[lo + i]!, b[lo + j]!)
        ? dp[i + 1]![j + 1]! + 1
        : Math.max(dp[i + 1]![j]!, dp[i]![j + 1]!);
    }
  }
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (eq(a[lo + i]!, b[lo + j]!)) out.set(lo + i++, lo + j++);
    else if (dp[i + 1]![j]! >= dp[i]![j + 1]!) i++;
    else j++;
  }
  return out;
}

/**
 * Old segment index → new segment index. A segment whose two ends survive next to each other
 * keeps its identity; one split by an inserted point goes to its first piece; one merged by a
 * removed point goes to the merged segment; one with neither end left has no mapping.
 */
export function segmentMap(
  before: readonly Pt[],
  closedBefore: boolean,
  after: readonly Pt[],
  closedAfter: boolean,
): Map<number, number> {
  const match = alignPoints(before, after);
  const oldCount = polylineSegmentCount(before.length, closedBefore);
  const newCount = polylineSegmentCount(after.length, closedAfter);
  const n2 = after.length;
  const out = new Map<number, number>();
  for (let k = 0; k < oldCount; k++) {
    const s = match.get(k);
    const e = match.get((k + 1) % before.length);
    if (s !== undefined && s < newCount) out.set(k, s);
    else if (e !== undefined) {
      const m = closedAfter ? (e - 1 + n2) % n2 : e - 1;
      if (m >= 0 && m < newCount) out.set(k, m);
    }
  }
  return out;
}

/**
 * Rewrites `side:<polyline>.<k>` in one attribute value (a ref list) for faces of the given
 * features. Returns the new value, or undefined when nothing changed.
 */
export function renumberRefs(
  value: string,
  features: ReadonlySet<string>,
  polylineId: string,
  map: ReadonlyMap<number, number>,
): string | undefined {
  let changed = false;
  const prefix = `${polylineId}.`;
  const tokens = splitList(value).map((token) => {
    if (!token.includes(`side:${prefix}`) || bracketDepth(token) > MAX_REF_DEPTH) return token;
    const parsed = parseRef(token);
    if (!parsed.ok) return token;
    let touched = false;
    const next = mapFaceNames(parsed.value, (f: FaceName) => {
      if (f.role.kind !== "side" || !features.has(f.feature) || !f.role.segment.startsWith(prefix))
        return f;
      const part = f.role.segment.slice(prefix.length);
      if (!/^(0|[1-9][0-9]*)$/.test(part)) return f;
      const to = map.get(Number(part));
      if (to === undefined || to === Number(part)) return f;
      touched = true;
      return { ...f, role: { kind: "side", segment: `${prefix}${to}` } };
    });
    if (!touched) return token;
    changed = true;
    return formatRef(next);
  });
  return changed ? tokens.join(" ") : undefined;
}
