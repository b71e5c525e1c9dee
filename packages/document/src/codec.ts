/**
 * Raw element tree ↔ typed Model, driven by the attribute specs of schema.ts (typed field names
 * are the attribute names).
 *
 * Decision (D1.1): the typed Model cannot tell "10.0" from "10", nor an absent `op` from
 * op="add". Rather than put text details into the types every package uses, `decode` remembers
 * each feature's and entity's attribute literals in a WeakMap keyed by the object it returns.
 * `encode` writes a remembered literal when it still means the object's current value, keeps
 * present-but-default attributes present and absent ones absent; objects it has no memory of
 * (built by hand, spread copies, structured clones) are written canonically: defaults left out,
 * numbers in JavaScript's shortest form. So text → Model → text is the identity up to whitespace
 * and attribute order, and Model → text → Model always is. The memory is invisible to equality
 * checks and to structured cloning.
 */
import { formatRef, parseRef } from "./refs.ts";
import type { RawDocument, RawElement } from "./raw.ts";
import {
  ENTITY_SPECS,
  FEATURE_SPECS,
  isEntityType,
  isFeatureType,
  type AttrKind,
  type AttrSpec,
} from "./schema.ts";
import type { Feature, Model, SketchEntity } from "./types.ts";
import {
  formatNumber,
  formatPoints,
  parseBoolean,
  parseNumber,
  parsePoints,
  splitList,
} from "./values.ts";

const literals = new WeakMap<object, ReadonlyMap<string, string>>();

/** A ref in its normal form (edge names sorted, R1); unparseable refs are kept as written. */
export function normalizeRef(s: string): string {
  const r = parseRef(s);
  return r.ok ? formatRef(r.value) : s;
}

/** The typed value of an attribute literal. `normalize` sorts refs (UNSORTED_EDGE_REF). */
export function decodeValue(kind: AttrKind["kind"], s: string, normalize: boolean): unknown {
  switch (kind) {
    case "number":
      return parseNumber(s);
    case "boolean":
      return parseBoolean(s);
    case "points": {
      const p = parsePoints(s);
      return p.ok ? p.points : undefined;
    }
    case "faceRefs":
    case "edgeRefs":
      return splitList(s).map((t) => (normalize ? normalizeRef(t) : t));
    case "plane":
      return s === "XY" || s === "XZ" || s === "YZ" || !normalize ? s : normalizeRef(s);
    case "faceRef":
      return normalize ? normalizeRef(s) : s;
    case "id":
    case "text":
    case "enum":
    case "sketchId":
    case "axis":
      return s;
  }
}

function encodeValue(kind: AttrKind["kind"], v: unknown): string {
  switch (kind) {
    case "number":
      return formatNumber(v as number);
    case "boolean":
      return v ? "true" : "false";
    case "points":
      return formatPoints(v as [number, number][]);
    case "faceRefs":
    case "edgeRefs":
      return (v as string[]).join(" ");
    default:
      return String(v);
  }
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

function decodeObject(el: RawElement, specs: readonly AttrSpec[]): Record<string, unknown> {
  const out: Record<string, unknown> = { type: el.name };
  for (const spec of specs) {
    const literal = el.attrs.get(spec.name) ?? spec.default;
    if (literal === undefined) continue;
    const value = decodeValue(spec.type.kind, literal, true);
    if (value !== undefined) out[spec.name] = value;
  }
  return out;
}

function remember<T extends object>(obj: T, el: RawElement): T {
  literals.set(obj, new Map(el.attrs));
  return obj;
}

/**
 * The typed feature of a raw element whose attributes are valid (validate first: invalid values
 * are left out, not guessed). Undefined for an unknown element type.
 */
export function decodeFeature(el: RawElement): Feature | undefined {
  if (!isFeatureType(el.name)) return undefined;
  const f = decodeObject(el, FEATURE_SPECS[el.name]);
  if (el.name === "sketch") {
    f.entities = el.children.flatMap((c) => {
      const e = decodeEntity(c);
      return e ? [e] : [];
    });
  }
  // The specs and the Feature types name the same fields; validation guaranteed their values.
  return remember(f as unknown as Feature, el);
}

export function decodeEntity(el: RawElement): SketchEntity | undefined {
  if (!isEntityType(el.name)) return undefined;
  return remember(decodeObject(el, ENTITY_SPECS[el.name]) as unknown as SketchEntity, el);
}

/** Typed model of a raw document; `include` picks the features to keep (default all). */
export function decodeModel(
  doc: RawDocument,
  include: (index: number) => boolean = () => true,
): Model {
  const features: Feature[] = [];
  doc.features.forEach((el, i) => {
    if (!include(i)) return;
    const f = decodeFeature(el);
    if (f) features.push(f);
  });
  const model: Model = {
    version: 1,
    units: "mm",
    name: doc.root.attrs.get("name") ?? "",
    features,
  };
  literals.set(model, new Map(doc.root.attrs));
  return model;
}

function encodeObject(
  obj: object,
  name: string,
  specs: readonly AttrSpec[],
  useLiterals: boolean,
): RawElement {
  const values = obj as Record<string, unknown>;
  const memory = useLiterals ? literals.get(obj) : undefined;
  const attrs: [string, string][] = [];
  for (const spec of specs) {
    const value = values[spec.name];
    if (value === undefined) continue;
    const kind = spec.type.kind;
    const isDefault =
      spec.default !== undefined && same(decodeValue(kind, spec.default, false), value);
    const literal = memory?.get(spec.name);
    if (literal === undefined && isDefault) continue;
    const remembered = literal !== undefined && same(decodeValue(kind, literal, false), value);
    attrs.push([spec.name, remembered ? literal : encodeValue(kind, value)]);
  }
  return { name, attrs: new Map(attrs), children: [] };
}

/**
 * The raw element of a typed feature. With `useLiterals` false the remembered literals are
 * ignored and the canonical form is written (defaults left out, shortest numbers).
 */
export function encodeFeature(f: Feature, useLiterals = true): RawElement {
  const el = encodeObject(f, f.type, FEATURE_SPECS[f.type], useLiterals);
  if (f.type === "sketch") el.children = f.entities.map((e) => encodeEntity(e, useLiterals));
  return el;
}

export function encodeEntity(e: SketchEntity, useLiterals = true): RawElement {
  return encodeObject(e, e.type, ENTITY_SPECS[e.type], useLiterals);
}

export function encodeModel(model: Model, useLiterals = true): RawDocument {
  const memory = useLiterals ? literals.get(model) : undefined;
  const root: RawElement = { name: "model", attrs: new Map([["version", "1"]]), children: [] };
  if (!memory || memory.has("units")) root.attrs.set("units", model.units);
  if (!memory || memory.has("name") || model.name !== "") root.attrs.set("name", model.name);
  return { root, features: model.features.map((f) => encodeFeature(f, useLiterals)) };
}
