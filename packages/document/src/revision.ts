/**
 * D7.2.1: the document revision is a hash of its canonical text form, so equal content gives an
 * equal revision, whatever path it came by (an undo back to earlier content returns the earlier
 * revision). "Canonical": for a valid document, the text of its typed Model without remembered
 * literals, so "10" and "10.0", or an absent and an explicit default, give the same revision; for
 * an invalid one, its stable-layout text as stored.
 */
import * as Y from "yjs";
import { decodeModel, encodeModel } from "./codec.ts";
import { rawFromDoc } from "./live/shape.ts";
import type { RawDocument } from "./raw.ts";
import type { Model } from "./types.ts";
import { analyzeRaw } from "./validate/index.ts";
import { parseRaw } from "./xml/parse.ts";
import { serializeRaw } from "./xml/serialize.ts";

/** 64-bit FNV-1a over the UTF-8 bytes of `text`, as 16 hex digits. Fast, not cryptographic. */
export function fnv1a64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  // Four 16-bit limbs, low first, of the offset basis 0xcbf29ce484222325.
  let h0 = 0x2325;
  let h1 = 0x8422;
  let h2 = 0x9ce4;
  let h3 = 0xcbf2;
  for (let i = 0; i < bytes.length; i++) {
    h0 ^= bytes[i]!;
    // Multiply by the prime 0x100000001b3 = 2^40 + 0x1b3, limb by limb.
    const t0 = h0 * 0x1b3;
    const t1 = h1 * 0x1b3;
    const t2 = h2 * 0x1b3 + (h0 << 8);
    const t3 = h3 * 0x1b3 + (h1 << 8);
    const c1 = t1 + (t0 >>> 16);
    const c2 = t2 + (c1 >>> 16);
    h3 = (t3 + (c2 >>> 16)) & 0xffff;
    h2 = c2 & 0xffff;
    h1 = c1 & 0xffff;
    h0 = t0 & 0xffff;
  }
  const hex = (n: number): string => n.toString(16).padStart(4, "0");
  return hex(h3) + hex(h2) + hex(h1) + hex(h0);
}

/** The canonical text the revision hashes (see the module comment). */
export function canonicalTextOfRaw(raw: RawDocument): string {
  const { problems } = analyzeRaw(raw);
  if (problems.some((p) => p.severity === "error")) return serializeRaw(raw);
  return serializeRaw(encodeModel(decodeModel(raw), false));
}

/** The revision of a live document, a text form or a typed model. */
export function revision(input: Y.Doc | string | Model): string {
  if (input instanceof Y.Doc) return fnv1a64(canonicalTextOfRaw(rawFromDoc(input)));
  if (typeof input === "string") {
    const parsed = parseRaw(input);
    // Unreadable text hashes as itself, marked so that it can never equal a document's hash.
    return parsed.ok ? fnv1a64(canonicalTextOfRaw(parsed.doc)) : fnv1a64(`\u0000${input}`);
  }
  return fnv1a64(serializeRaw(encodeModel(input, false)));
}
