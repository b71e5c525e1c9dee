/**
 * The element vocabulary of document.md (D3, D4, D5) as data: which attributes each element has,
 * in the order the text form writes them, their kinds, defaults and whether they are required.
 * Cross-attribute rules (D5.0, arc sweep, polyline point count) live in validate/.
 */
import { ENTITY_TYPES, FEATURE_TYPES, type EntityType, type FeatureType } from "./types.ts";

export type AttrKind =
  /** The element's own id (D2). */
  | { kind: "id" }
  /** Free display text. */
  | { kind: "text" }
  | { kind: "boolean" }
  | { kind: "enum"; values: readonly string[] }
  /** A D2 number; `check` returns a plain-words range complaint or undefined. */
  | { kind: "number"; check?: (n: number) => string | undefined }
  /** The id of an earlier sketch feature (`sketch=`). */
  | { kind: "sketchId" }
  /** `x`, `y` or the id of a line in the feature's sketch (revolve). */
  | { kind: "axis" }
  /** `XY`, `XZ`, `YZ` or one face ref (sketch plane). */
  | { kind: "plane" }
  /** One face ref. */
  | { kind: "faceRef" }
  /** Whitespace-separated face refs, at least one. */
  | { kind: "faceRefs" }
  /** Whitespace-separated edge or face refs, at least one (fillet, chamfer). */
  | { kind: "edgeRefs" }
  /** Polyline `x,y x,y …`. */
  | { kind: "points" };

export interface AttrSpec {
  name: string;
  type: AttrKind;
  required?: boolean;
  /** The value an absent attribute means, as its literal. */
  default?: string;
}

const positive = (n: number): string | undefined => (n > 0 ? undefined : "must be greater than 0");
const angle = (n: number): string | undefined =>
  n > 0 && n <= 360 ? undefined : "must be more than 0 and at most 360 (degrees)";

const num = (name: string, required = true, check?: (n: number) => string | undefined): AttrSpec =>
  check
    ? { name, type: { kind: "number", check }, required }
    : { name, type: { kind: "number" }, required };
const ID_ATTR: AttrSpec = { name: "id", type: { kind: "id" }, required: true };
const OPS = ["add", "cut", "intersect"] as const;

/** D3: what every feature has, written after the feature's own attributes. */
const FEATURE_TAIL: AttrSpec[] = [
  { name: "name", type: { kind: "text" } },
  { name: "suppressed", type: { kind: "boolean" }, default: "false" },
];
const ENTITY_TAIL: AttrSpec[] = [
  { name: "construction", type: { kind: "boolean" }, default: "false" },
];

export const FEATURE_SPECS: Record<FeatureType, readonly AttrSpec[]> = {
  sketch: [
    ID_ATTR,
    { name: "plane", type: { kind: "plane" }, required: true },
    { name: "offset", type: { kind: "number" }, default: "0" },
    ...FEATURE_TAIL,
  ],
  extrude: [
    ID_ATTR,
    { name: "sketch", type: { kind: "sketchId" } },
    { name: "faces", type: { kind: "faceRefs" } },
    num("distance", false, positive),
    {
      name: "direction",
      type: { kind: "enum", values: ["normal", "reverse", "symmetric"] },
      default: "normal",
    },
    { name: "op", type: { kind: "enum", values: OPS }, default: "add" },
    {
      name: "extent",
      type: { kind: "enum", values: ["blind", "throughAll", "toFace"] },
      default: "blind",
    },
    { name: "to", type: { kind: "faceRef" } },
    ...FEATURE_TAIL,
  ],
  revolve: [
    ID_ATTR,
    { name: "sketch", type: { kind: "sketchId" }, required: true },
    { name: "axis", type: { kind: "axis" }, required: true },
    { name: "angle", type: { kind: "number", check: angle }, default: "360" },
    { name: "op", type: { kind: "enum", values: OPS }, default: "add" },
    ...FEATURE_TAIL,
  ],
  fillet: [
    ID_ATTR,
    { name: "edges", type: { kind: "edgeRefs" }, required: true },
    num("radius", true, positive),
    ...FEATURE_TAIL,
  ],
  chamfer: [
    ID_ATTR,
    { name: "edges", type: { kind: "edgeRefs" }, required: true },
    num("distance", true, positive),
    ...FEATURE_TAIL,
  ],
  shell: [
    ID_ATTR,
    { name: "faces", type: { kind: "faceRefs" }, required: true },
    num("thickness", true, positive),
    ...FEATURE_TAIL,
  ],
};

export const ENTITY_SPECS: Record<EntityType, readonly AttrSpec[]> = {
  line: [ID_ATTR, num("x1"), num("y1"), num("x2"), num("y2"), ...ENTITY_TAIL],
  arc: [
    ID_ATTR,
    num("cx"),
    num("cy"),
    num("r", true, positive),
    num("start"),
    num("end"),
    ...ENTITY_TAIL,
  ],
  circle: [ID_ATTR, num("cx"), num("cy"), num("r", true, positive), ...ENTITY_TAIL],
  rect: [
    ID_ATTR,
    num("x"),
    num("y"),
    num("width", true, positive),
    num("height", true, positive),
    ...ENTITY_TAIL,
  ],
  polyline: [
    ID_ATTR,
    { name: "points", type: { kind: "points" }, required: true },
    { name: "closed", type: { kind: "boolean" }, default: "false" },
    ...ENTITY_TAIL,
  ],
};

/** Root element attributes, in written order. `version` is checked as BAD_VERSION. */
export const MODEL_ATTRS = ["version", "units", "name"] as const;

export function isFeatureType(s: string): s is FeatureType {
  return (FEATURE_TYPES as readonly string[]).includes(s);
}

export function isEntityType(s: string): s is EntityType {
  return (ENTITY_TYPES as readonly string[]).includes(s);
}

/** The attribute specs of a feature or entity element name, or undefined for unknown elements. */
export function specsOf(
  element: string,
  level: "feature" | "entity",
): readonly AttrSpec[] | undefined {
  if (level === "feature") return isFeatureType(element) ? FEATURE_SPECS[element] : undefined;
  return isEntityType(element) ? ENTITY_SPECS[element] : undefined;
}

/** Attribute names in text-form order: known ones in spec order, then unknown ones by code unit. */
export function orderAttributes(
  element: string,
  level: "feature" | "entity" | "model",
  names: Iterable<string>,
): string[] {
  const known: readonly string[] =
    level === "model" ? MODEL_ATTRS : (specsOf(element, level)?.map((s) => s.name) ?? ["id"]);
  const present = new Set(names);
  const out = known.filter((n) => present.has(n));
  const rest = [...present]
    .filter((n) => !known.includes(n))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return [...out, ...rest];
}

/** Id prefixes the app uses for new features and entities (matching the examples). */
export const FEATURE_PREFIX: Record<FeatureType, string> = {
  sketch: "s",
  extrude: "e",
  revolve: "v",
  fillet: "f",
  chamfer: "k",
  shell: "sh",
};
export const ENTITY_PREFIX: Record<EntityType, string> = {
  line: "l",
  arc: "a",
  circle: "c",
  rect: "r",
  polyline: "p",
};

/** Named segments of a rect (D4 table). */
export const RECT_SIDES = ["bottom", "right", "top", "left"] as const;
