/**
 * The document-package calls the AI needs, in one place: text form ↔ model, validation (D6),
 * revision (D7.2.1) and diff.
 */
import {
  applyDocument,
  diff,
  parseXml,
  parseXmlPartial,
  revision,
  serialize,
  validate,
  type Model,
  type Problem,
  type ValidationReport,
} from "@kerf/document";
import type * as Y from "yjs";
import type { FeatureDiff } from "./preview/store.ts";

export type ParsedDocument = { ok: true; model: Model } | { ok: false; errors: Problem[] };

/** Text form → model; the D6 errors when it is not a valid document. */
export function readDocument(text: string): ParsedDocument {
  const parsed = parseXml(text);
  return parsed.ok
    ? { ok: true, model: parsed.model }
    : { ok: false, errors: parsed.report.errors };
}

/**
 * What can be built of a document that may have errors: the features that could be typed (the
 * kernel reports reference problems per feature, D5.4); null when it has no usable structure.
 */
export function buildableModel(text: string): Model | null {
  return parseXmlPartial(text).model;
}

/** D6, with the warnings that need the current document (D4.1.1 POLYLINE_RENUMBERED). */
export function validateAgainst(text: string, current?: Model): ValidationReport {
  return validate(text, { previous: current });
}

export const textOf = (model: Model): string => serialize(model);
export const revisionOf = (text: string): string => revision(text);

/** T1's diff of a preview: feature ids added, removed, moved; modified ones attribute by attribute. */
export function diffModels(a: Model, b: Model): FeatureDiff {
  const d = diff(a, b);
  return { added: d.added, removed: d.removed, modified: d.modified, moved: d.moved };
}

/**
 * Write `model` into the live document as one transaction with origin "ai" (D7.1: one undo step),
 * touching only what changed.
 */
export function applyModel(doc: Y.Doc, model: Model): void {
  const result = applyDocument(doc, serialize(model), "ai");
  if (!result.ok) {
    const why = result.report.errors.map((e) => e.message).join("; ");
    throw new Error(`applyModel: the document refused the model: ${why}`);
  }
}
