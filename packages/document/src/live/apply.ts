/**
 * Turn the live document into a given text form in ONE transaction (one undo step for origin
 * "ai", L7), touching only what changed (reconcile.ts).
 */
import type * as Y from "yjs";
import { toReport } from "../problems.ts";
import type { Origin, ValidationReport } from "../types.ts";
import { analyzeRaw } from "../validate/index.ts";
import { parseRaw } from "../xml/parse.ts";
import { serializeRaw } from "../xml/serialize.ts";
import { toText } from "./doc.ts";
import { reconcileDoc } from "./reconcile.ts";

export type ApplyResult =
  | { ok: true; changed: boolean; report: ValidationReport }
  | { ok: false; report: ValidationReport };

/** Make the document equal `text` (refused, untouched, when `text` has D6 errors). */
export function applyDocument(doc: Y.Doc, text: string, origin: Origin = "ai"): ApplyResult {
  const parsed = parseRaw(text);
  if (!parsed.ok) return { ok: false, report: toReport(parsed.problems) };
  const report = toReport([...parsed.problems, ...analyzeRaw(parsed.doc).problems]);
  if (!report.valid) return { ok: false, report };
  if (toText(doc) === serializeRaw(parsed.doc)) return { ok: true, changed: false, report };
  doc.transact(() => reconcileDoc(doc, parsed.doc), origin);
  return { ok: true, changed: true, report };
}
