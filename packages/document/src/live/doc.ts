/**
 * The live form (D1): a Y.Doc whose "features" XmlFragment holds one Y.XmlElement per feature
 * (nodeName = type, string attributes, sketch entities as child elements) and whose "meta" map
 * holds name, units and version.
 *
 * Attributes stay strings exactly as written, so "10.0" stays "10.0" and an explicit default
 * stays explicit: text → live → text is the identity up to whitespace and attribute order
 * (D1.1) without the typed Model having to carry literals.
 */
import * as Y from "yjs";
import { STRUCTURAL_CODES, toReport } from "../problems.ts";
import { modelOfRaw, partialModelOfRaw, type ParseResult, type PartialModel } from "../text.ts";
import type { Origin, ValidationReport } from "../types.ts";
import { analyzeRaw, type ValidateOptions } from "../validate/index.ts";
import { parseRaw } from "../xml/parse.ts";
import { serializeRaw } from "../xml/serialize.ts";
import { reconcileDoc } from "./reconcile.ts";
import { featuresOf, metaOf, rawFromDoc } from "./shape.ts";

export { FEATURES_KEY, META_KEY, featuresOf, metaOf, rawFromDoc } from "./shape.ts";

/** A new document: version 1, millimetres, no features (written with origin "load"). */
export function createDoc(options: { name?: string } = {}): Y.Doc {
  const doc = new Y.Doc();
  doc.transact(() => {
    featuresOf(doc); // the first access of a root type integrates it; keep that inside this transaction
    const meta = metaOf(doc);
    meta.set("version", 1);
    meta.set("units", "mm");
    if (options.name !== undefined) meta.set("name", options.name);
  }, "load" satisfies Origin);
  return doc;
}

export type LoadResult =
  { ok: true; report: ValidationReport } | { ok: false; report: ValidationReport };

/**
 * Make the document hold a text form, in one transaction. Documents with errors are loaded (the
 * app shows them per feature) unless they have no usable structure (XML_PARSE, BAD_ROOT,
 * BAD_VERSION), which are refused without touching the document. Loading into a document that
 * already has content changes only what differs (see reconcile.ts), so reloading the same text
 * is no change at all.
 */
export function loadText(doc: Y.Doc, text: string, origin: Origin = "load"): LoadResult {
  const parsed = parseRaw(text);
  if (!parsed.ok) return { ok: false, report: toReport(parsed.problems) };
  const report = toReport([...parsed.problems, ...analyzeRaw(parsed.doc).problems]);
  if (report.errors.some((p) => STRUCTURAL_CODES.has(p.code))) return { ok: false, report };
  if (toText(doc) !== serializeRaw(parsed.doc))
    doc.transact(() => reconcileDoc(doc, parsed.doc), origin);
  return { ok: true, report };
}

/** The text form of the live document (attribute literals as stored). */
export function toText(doc: Y.Doc): string {
  return serializeRaw(rawFromDoc(doc));
}

/** The typed Model of the live document, when it is valid (D6). */
export function toModel(doc: Y.Doc, options: ValidateOptions = {}): ParseResult {
  return modelOfRaw(rawFromDoc(doc), [], options);
}

/** As much of the live document as can be typed (see `partialModelOfRaw`). */
export function toModelPartial(doc: Y.Doc): PartialModel {
  return partialModelOfRaw(rawFromDoc(doc));
}

/** D6 validation of the live document (problems carry no line/column). */
export function validateDoc(doc: Y.Doc, options: ValidateOptions = {}): ValidationReport {
  return toReport(analyzeRaw(rawFromDoc(doc), options).problems);
}
