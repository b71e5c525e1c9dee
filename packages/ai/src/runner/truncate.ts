/**
 * L5: a result over 16,000 characters reaches the model shortened but still valid JSON: its
 * longest arrays are trimmed and `meta.truncated` says by how much. The full result is kept
 * elsewhere (the trace).
 */
import type { ToolResult, Truncation } from "../envelope.ts";

export const MAX_RESULT_CHARS = 16_000;

type Json = unknown;

/** The JSON text the model receives for `result`. */
export function resultForModel(result: ToolResult, hint: string, max = MAX_RESULT_CHARS): string {
  const full = JSON.stringify(result);
  if (full.length <= max) return full;
  const copy = structuredClone(result) as ToolResult;
  // Sizes measured once each (a sort comparator that serialised would do it n·log n times).
  const arrays = collectArrays(copy)
    .map((arr) => ({ arr, size: size(arr) }))
    .sort((a, b) => b.size - a.size)
    .map((x) => x.arr);
  let primary: Truncation | undefined;
  const text = (): string => {
    const meta = { ...copy.meta, truncated: primary ?? { total: 0, returned: 0, hint } };
    return JSON.stringify({ ...copy, meta });
  };
  for (const arr of arrays) {
    if (text().length <= max) break;
    const original = arr.slice();
    const total = original.length;
    const isPrimary = primary === undefined;
    const keep = (n: number): void => {
      arr.length = 0;
      arr.push(...original.slice(0, n));
      if (isPrimary) primary = { total, returned: n, hint: `Showing ${n} of ${total}. ${hint}` };
    };
    // Largest count that still fits: from each element's own length (one serialisation each),
    // then checked against the real text; the digits of `returned` may cost a step back or two.
    const lengths = original.map((e) => (JSON.stringify(e) ?? "null").length);
    keep(0);
    let length = text().length;
    let n = 0;
    while (n < total && length + lengths[n]! + (n > 0 ? 1 : 0) <= max) {
      length += lengths[n]! + (n > 0 ? 1 : 0);
      n++;
    }
    keep(n);
    while (n > 0 && text().length > max) keep(--n);
  }
  if (text().length > max) return tooLarge(result, max, hint);
  return text();
}

function size(arr: Json[]): number {
  return JSON.stringify(arr).length;
}

function collectArrays(value: Json, out: Json[][] = []): Json[][] {
  if (Array.isArray(value)) {
    out.push(value);
    value.forEach((v) => collectArrays(v, out));
  } else if (value && typeof value === "object") {
    Object.values(value).forEach((v) => collectArrays(v, out));
  }
  return out;
}

/** Last resort (no arrays to trim, e.g. one enormous string): say so in valid JSON. */
function tooLarge(result: ToolResult, max: number, hint: string): string {
  const chars = JSON.stringify(result).length;
  const shortened = {
    ok: result.ok,
    data: null,
    meta: {
      truncated: {
        total: chars,
        returned: 0,
        hint: `The result (${chars} characters) exceeds ${max}. ${hint}`,
      },
    },
  };
  return JSON.stringify(shortened);
}
