/**
 * The text form (`*.kerf.xml`) of the typed Model: parse (with D6 validation) and serialize.
 */
import { decodeModel, encodeModel } from "./codec.ts";
import { toReport } from "./problems.ts";
import type { RawDocument } from "./raw.ts";
import type { Model, Problem, ValidationReport } from "./types.ts";
import { analyzeRaw, type ValidateOptions } from "./validate/index.ts";
import { parseRaw } from "./xml/parse.ts";
import { serializeRaw } from "./xml/serialize.ts";

export type ParseResult =
  { ok: true; model: Model; warnings: Problem[] } | { ok: false; report: ValidationReport };

export interface PartialModel {
  /** The features that could be typed (those without attribute-level errors); null when the
   * text has no usable structure (XML_PARSE, BAD_ROOT). */
  model: Model | null;
  report: ValidationReport;
  /** Positions (0-based) in the feature list of the features left out of `model`. */
  skipped: number[];
}

/** Text form → typed Model, when the document is valid (D6); otherwise the report. */
export function parseXml(text: string, options: ValidateOptions = {}): ParseResult {
  const parsed = parseRaw(text);
  if (!parsed.ok) return { ok: false, report: toReport(parsed.problems) };
  return modelOfRaw(parsed.doc, parsed.problems, options);
}

export function modelOfRaw(
  doc: RawDocument,
  extra: Problem[] = [],
  options: ValidateOptions = {},
): ParseResult {
  const report = toReport([...extra, ...analyzeRaw(doc, options).problems]);
  if (!report.valid) return { ok: false, report };
  return { ok: true, model: decodeModel(doc), warnings: report.warnings };
}

/**
 * As much of a document as can be typed: features with only reference problems are kept (the
 * kernel reports those per feature, D5.4); features with invalid attribute values are left out.
 */
export function partialModelOfRaw(doc: RawDocument, extra: Problem[] = []): PartialModel {
  const { problems, table } = analyzeRaw(doc);
  const typeable = new Set(table.list.filter((f) => f.typeable).map((f) => f.index));
  const skipped = doc.features.map((_, i) => i).filter((i) => !typeable.has(i));
  return {
    model: decodeModel(doc, (i) => typeable.has(i)),
    report: toReport([...extra, ...problems]),
    skipped,
  };
}

export function parseXmlPartial(text: string): PartialModel {
  const parsed = parseRaw(text);
  if (!parsed.ok) return { model: null, report: toReport(parsed.problems), skipped: [] };
  return partialModelOfRaw(parsed.doc, parsed.problems);
}

/**
 * Typed Model → text form, in the stable layout (one element per line, two-space indent,
 * attributes in spec order). Literals and present defaults of parsed models are kept (codec.ts).
 */
export function serialize(model: Model): string {
  return serializeRaw(encodeModel(model));
}

export type CanonicalTextResult =
  { ok: true; text: string } | { ok: false; report: ValidationReport };

/**
 * The text in the stable layout, every element and attribute kept as written (only whitespace
 * and attribute order change). Needs well-formed XML with a <model> and one <features>.
 */
export function canonicalText(text: string): CanonicalTextResult {
  const parsed = parseRaw(text);
  if (!parsed.ok) return { ok: false, report: toReport(parsed.problems) };
  return { ok: true, text: serializeRaw(parsed.doc) };
}
