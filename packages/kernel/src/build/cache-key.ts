/**
 * Cache keys for incremental builds: feature k's key hashes its own content and feature k−1's
 * key, so a key stands for the whole prefix of the feature list. Changing feature k changes the
 * keys of k and everything after it, and nothing before.
 */

/** JSON with object keys sorted, so equal content gives equal text. */
export function canonicalJson(v: unknown): string {
  if (v === null || typeof v !== "object") return JSON.stringify(v) ?? "null";
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(",")}]`;
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`).join(",")}}`;
}

/** cyrb53: a fast 53-bit string hash. */
function cyrb53(str: string, seed: number): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < str.length; i++) {
    const ch = str.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** Key of a feature given the key of the prefix before it (106 bits: two seeds). */
export function chainKey(prevKey: string, feature: unknown): string {
  const text = `${prevKey}\n${canonicalJson(feature)}`;
  return `${cyrb53(text, 1).toString(36)}.${cyrb53(text, 2).toString(36)}`;
}
