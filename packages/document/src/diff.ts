/**
 * What changed between two versions of a document, by feature id (and entity id within a
 * sketch): added, removed, modified (attribute by attribute), moved. Attribute values are
 * compared by meaning: "10" equals "10.0", an absent attribute equals its default, edge names
 * equal their sorted form. `before`/`after` in the result are the literals as written.
 */
import * as Y from "yjs";
import { decodeValue, encodeModel } from "./codec.ts";
import { stableIds } from "./ids-order.ts";
import { rawFromDoc } from "./live/shape.ts";
import type { RawDocument, RawElement } from "./raw.ts";
import { specsOf } from "./schema.ts";
import type { Model } from "./types.ts";
import { parseRaw } from "./xml/parse.ts";

export interface AttributeChange {
  attr: string;
  /** Undefined when the attribute was absent. */
  before?: string;
  after?: string;
}

export interface ElementChange {
  id: string;
  /** Element type (after the change). */
  type: string;
  /** Set when the element with this id changed its type. */
  typeChanged?: { before: string; after: string };
  attributes: AttributeChange[];
}

export interface EntityChanges {
  added: string[];
  removed: string[];
  modified: ElementChange[];
  moved: string[];
}

export interface FeatureChange extends ElementChange {
  /** Sketch entity changes (present only when there are some). */
  entities?: EntityChanges;
}

export interface DocumentDiff {
  /** Feature ids, in the order of the later document. */
  added: string[];
  /** Feature ids, in the order of the earlier document. */
  removed: string[];
  modified: FeatureChange[];
  /** Ids of features kept in both whose position relative to the others changed. */
  moved: string[];
  /** Changes to the model's own attributes (name). */
  meta: AttributeChange[];
}

export type DocumentInput = Model | string | Y.Doc;

/** The raw tree of any document form. Throws for text that is not a usable document. */
export function rawOf(input: DocumentInput): RawDocument {
  if (input instanceof Y.Doc) return rawFromDoc(input);
  if (typeof input === "string") {
    const parsed = parseRaw(input);
    if (!parsed.ok) {
      const first = parsed.problems[0];
      throw new Error(
        `not a Kerf document: ${first ? `${first.code} ${first.message}` : "unreadable"}`,
      );
    }
    return parsed.doc;
  }
  return encodeModel(input);
}

/** True when two literals of an attribute mean the same (see the module comment). */
export function sameAttribute(
  element: string,
  level: "feature" | "entity" | "model",
  attr: string,
  a: string | undefined,
  b: string | undefined,
): boolean {
  if (a === b) return true;
  if (level === "model") {
    const dflt = attr === "units" ? "mm" : attr === "name" ? "" : undefined;
    return (a ?? dflt) === (b ?? dflt);
  }
  const spec = specsOf(element, level)?.find((s) => s.name === attr);
  if (!spec) return false;
  const x = a ?? spec.default;
  const y = b ?? spec.default;
  if (x === undefined || y === undefined) return x === y;
  const vx = decodeValue(spec.type.kind, x, true);
  const vy = decodeValue(spec.type.kind, y, true);
  if (vx === undefined || vy === undefined) return x === y;
  return JSON.stringify(vx) === JSON.stringify(vy);
}

function attributeChanges(
  a: RawElement,
  b: RawElement,
  level: "feature" | "entity" | "model",
): AttributeChange[] {
  const names = [...new Set([...a.attrs.keys(), ...b.attrs.keys()])];
  const out: AttributeChange[] = [];
  for (const attr of names) {
    const x = a.attrs.get(attr);
    const y = b.attrs.get(attr);
    if (sameAttribute(b.name, level, attr, x, y)) continue;
    const change: AttributeChange = { attr };
    if (x !== undefined) change.before = x;
    if (y !== undefined) change.after = y;
    out.push(change);
  }
  return out;
}

/** First element per id. */
function byId(list: readonly RawElement[]): Map<string, RawElement> {
  const out = new Map<string, RawElement>();
  for (const el of list) {
    const id = el.attrs.get("id");
    if (id !== undefined && !out.has(id)) out.set(id, el);
  }
  return out;
}

interface ListDiff<C> {
  added: string[];
  removed: string[];
  modified: C[];
  moved: string[];
}

function diffList<C extends ElementChange>(
  before: readonly RawElement[],
  after: readonly RawElement[],
  level: "feature" | "entity",
  extra: (a: RawElement, b: RawElement, change: C) => boolean,
): ListDiff<C> {
  const A = byId(before);
  const B = byId(after);
  const added = [...B.keys()].filter((id) => !A.has(id));
  const removed = [...A.keys()].filter((id) => !B.has(id));
  const modified: C[] = [];
  for (const [id, b] of B) {
    const a = A.get(id);
    if (!a) continue;
    const change = {
      id,
      type: b.name,
      attributes: attributeChanges(a, b, level),
    } as ElementChange as C;
    if (a.name !== b.name) change.typeChanged = { before: a.name, after: b.name };
    const more = extra(a, b, change);
    if (change.typeChanged || change.attributes.length > 0 || more) modified.push(change);
  }
  const common = (ids: Iterable<string>, other: Map<string, RawElement>): string[] =>
    [...ids].filter((id) => other.has(id));
  const stable = stableIds(common(A.keys(), B), common(B.keys(), A));
  const moved = common(B.keys(), A).filter((id) => !stable.has(id));
  return { added, removed, modified, moved };
}

/** The changes from `before` to `after` (models, texts or live documents, in any mix). */
export function diff(before: DocumentInput, after: DocumentInput): DocumentDiff {
  const a = rawOf(before);
  const b = rawOf(after);
  const features = diffList<FeatureChange>(a.features, b.features, "feature", (x, y, change) => {
    if (x.children.length === 0 && y.children.length === 0) return false;
    const entities = diffList<ElementChange>(x.children, y.children, "entity", () => false);
    const any =
      entities.added.length +
        entities.removed.length +
        entities.modified.length +
        entities.moved.length >
      0;
    if (any) change.entities = entities;
    return any;
  });
  return { ...features, meta: attributeChanges(a.root, b.root, "model") };
}

/** True when the diff has no change at all. */
export function isEmptyDiff(d: DocumentDiff): boolean {
  return (
    d.added.length + d.removed.length + d.modified.length + d.moved.length + d.meta.length === 0
  );
}
