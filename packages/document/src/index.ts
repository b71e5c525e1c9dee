/**
 * @kerf/document: the Kerf document (../shared/spec/document.md) in its three shapes — text form,
 * typed Model, live Y.Doc — with validation (D6), edit commands, undo, diff/apply and revision.
 */
export * from "./types.ts";
export * from "./refs.ts";
export * from "./values.ts";
export type { Position, RawDocument, RawElement } from "./raw.ts";
export {
  FEATURE_SPECS,
  ENTITY_SPECS,
  FEATURE_PREFIX,
  ENTITY_PREFIX,
  RECT_SIDES,
  type AttrKind,
  type AttrSpec,
} from "./schema.ts";

// Text form and typed Model
export { validate, validateModel, type ValidateOptions } from "./validate/index.ts";
export {
  parseXml,
  parseXmlPartial,
  serialize,
  canonicalText,
  type ParseResult,
  type PartialModel,
  type CanonicalTextResult,
} from "./text.ts";
export { normalizeRef } from "./codec.ts";

// Live form
export {
  createDoc,
  loadText,
  toText,
  toModel,
  toModelPartial,
  validateDoc,
  featuresOf,
  metaOf,
  rawFromDoc,
  FEATURES_KEY,
  META_KEY,
  type LoadResult,
} from "./live/doc.ts";
export {
  addFeature,
  updateFeature,
  removeFeature,
  moveFeature,
  setSuppressed,
  renameFeature,
  addEntity,
  updateEntity,
  removeEntity,
  setMeta,
  type CommandResult,
  type AttrValue,
  type AttrPatch,
  type NewFeature,
  type NewEntity,
} from "./live/commands.ts";
export { nextFeatureId, nextEntityId, isSoleWriter, clientTag } from "./live/ids.ts";
export { segmentMap } from "./live/polyline-map.ts";
export { createUndoManager, UNDOABLE_ORIGINS } from "./live/undo.ts";
export { repairDuplicateIds, watchDuplicateIds } from "./live/repair.ts";
export { applyDocument, type ApplyResult } from "./live/apply.ts";

// Comparing versions
export {
  diff,
  isEmptyDiff,
  type DocumentDiff,
  type DocumentInput,
  type FeatureChange,
  type ElementChange,
  type EntityChanges,
  type AttributeChange,
} from "./diff.ts";
export { revision, fnv1a64 } from "./revision.ts";
