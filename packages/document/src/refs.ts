/**
 * Persistent reference grammar (../shared/spec/references.md R1): parse and format.
 * `format(parse(ref)) === ref` for every canonical ref; edge names sort their two faces by code
 * unit (never by locale).
 */

export type Role =
  | { kind: "top" }
  | { kind: "bottom" }
  | { kind: "start" }
  | { kind: "end" }
  | { kind: "side"; segment: string }
  | { kind: "sideEdge"; edge: EdgeName }
  | { kind: "blend"; edge: EdgeName }
  | { kind: "corner"; faces: [FaceName, FaceName, FaceName] }
  | { kind: "inner"; face: FaceName }
  | { kind: "new"; n: number };

export interface FaceName {
  feature: string;
  role: Role;
  /** `@k`, 1-based: one piece of several (R3.1). */
  piece?: number;
}

export interface EdgeName {
  /** The two faces the edge separates, a ≤ b in code-unit order of their formatted names. */
  a: FaceName;
  b: FaceName;
  /** `#k`, 1-based: one of several edges between the same two faces. */
  index?: number;
}

export type Ref = { kind: "face"; face: FaceName } | { kind: "edge"; edge: EdgeName };

export type ParseResult<T> = { ok: true; value: T } | { ok: false; message: string };

const ID = /^[A-Za-z_][A-Za-z0-9_-]*$/;
const SEGMENT = /^[A-Za-z_][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)?$/;
const POSITIVE_INT = /^[1-9][0-9]*$/;
const NATURAL = /^(0|[1-9][0-9]*)$/;

class RefSyntaxError extends Error {}

/** Split `s` on `sep` where bracket depth is 0. Throws on unbalanced brackets. */
function splitTopLevel(s: string, sep: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === "[") depth++;
    else if (c === "]") {
      depth--;
      if (depth < 0) throw new RefSyntaxError(`unbalanced "]" at position ${i + 1}`);
    } else if (c === sep && depth === 0) {
      parts.push(s.slice(start, i));
      start = i + 1;
    }
  }
  if (depth !== 0) throw new RefSyntaxError(`unbalanced "[" in "${s}"`);
  parts.push(s.slice(start));
  return parts;
}

/** Index of the last `ch` at bracket depth 0, or -1. */
function lastTopLevel(s: string, ch: string): number {
  let depth = 0;
  for (let i = s.length - 1; i >= 0; i--) {
    const c = s[i];
    if (c === "]") depth++;
    else if (c === "[") depth--;
    else if (c === ch && depth === 0) return i;
  }
  return -1;
}

/** `inner` of `name[inner]`, or undefined when `s` is not of that shape. */
function bracketed(s: string, name: string): string | undefined {
  if (!s.startsWith(name + "[") || !s.endsWith("]")) return undefined;
  return s.slice(name.length + 1, -1);
}

function parseRole(s: string): Role {
  switch (s) {
    case "top":
    case "bottom":
    case "start":
    case "end":
      return { kind: s };
  }
  if (s.startsWith("side:")) {
    const segment = s.slice(5);
    if (!SEGMENT.test(segment)) throw new RefSyntaxError(`"${segment}" is not a sketch segment`);
    return { kind: "side", segment };
  }
  if (s.startsWith("new:")) {
    const n = s.slice(4);
    if (!NATURAL.test(n)) throw new RefSyntaxError(`"new:" needs a number, got "${n}"`);
    return { kind: "new", n: Number(n) };
  }
  const side = bracketed(s, "side");
  if (side !== undefined) return { kind: "sideEdge", edge: parseEdgeNameInner(side) };
  const blend = bracketed(s, "blend");
  if (blend !== undefined) return { kind: "blend", edge: parseEdgeNameInner(blend) };
  const inner = bracketed(s, "inner");
  if (inner !== undefined) return { kind: "inner", face: parseFaceNameInner(inner) };
  const corner = bracketed(s, "corner");
  if (corner !== undefined) {
    const parts = splitTopLevel(corner, "|");
    if (parts.length !== 3) throw new RefSyntaxError(`corner[...] needs three face names`);
    const faces = parts.map(parseFaceNameInner) as [FaceName, FaceName, FaceName];
    return { kind: "corner", faces };
  }
  throw new RefSyntaxError(
    `"${s}" is not a role (top, bottom, start, end, side:<segment>, side[..], blend[..], corner[..], inner[..], new:<n>)`,
  );
}

function parseFaceNameInner(s: string): FaceName {
  let body = s;
  let piece: number | undefined;
  const at = lastTopLevel(s, "@");
  if (at >= 0) {
    const k = s.slice(at + 1);
    if (!POSITIVE_INT.test(k)) throw new RefSyntaxError(`"@${k}" must be a piece number from 1`);
    piece = Number(k);
    body = s.slice(0, at);
  }
  const colon = body.indexOf(":");
  if (colon < 0) throw new RefSyntaxError(`"${s}" needs the form <feature>:<role>`);
  const feature = body.slice(0, colon);
  if (!ID.test(feature)) throw new RefSyntaxError(`"${feature}" is not a feature id`);
  const role = parseRole(body.slice(colon + 1));
  return piece === undefined ? { feature, role } : { feature, role, piece };
}

function parseEdgeNameInner(s: string): EdgeName {
  let body = s;
  let index: number | undefined;
  const hash = lastTopLevel(s, "#");
  if (hash >= 0) {
    const k = s.slice(hash + 1);
    if (!POSITIVE_INT.test(k)) throw new RefSyntaxError(`"#${k}" must be an edge number from 1`);
    index = Number(k);
    body = s.slice(0, hash);
  }
  const parts = splitTopLevel(body, "|");
  if (parts.length !== 2) {
    throw new RefSyntaxError(`an edge name is two face names joined by "|", got "${s}"`);
  }
  const a = parseFaceNameInner(parts[0]!);
  const b = parseFaceNameInner(parts[1]!);
  return index === undefined ? { a, b } : { a, b, index };
}

function wrap<T>(fn: () => T): ParseResult<T> {
  try {
    return { ok: true, value: fn() };
  } catch (e) {
    if (e instanceof RefSyntaxError) return { ok: false, message: e.message };
    if (e instanceof RangeError) return { ok: false, message: "reference nests too deeply" };
    throw e;
  }
}

/** Parse a face name without the `face:` prefix, e.g. `e1:top`. */
export function parseFaceName(s: string): ParseResult<FaceName> {
  return wrap(() => parseFaceNameInner(s));
}

/** Parse an edge name without the `edge:` prefix, e.g. `e1:side:r1.top|e1:top`. */
export function parseEdgeName(s: string): ParseResult<EdgeName> {
  return wrap(() => parseEdgeNameInner(s));
}

/** Parse a whole reference (`face:…` or `edge:…`). */
export function parseRef(s: string): ParseResult<Ref> {
  if (s.startsWith("face:")) {
    const r = parseFaceName(s.slice(5));
    return r.ok ? { ok: true, value: { kind: "face", face: r.value } } : r;
  }
  if (s.startsWith("edge:")) {
    const r = parseEdgeName(s.slice(5));
    return r.ok ? { ok: true, value: { kind: "edge", edge: r.value } } : r;
  }
  return { ok: false, message: `"${s}" must start with "face:" or "edge:"` };
}

function formatRole(role: Role): string {
  switch (role.kind) {
    case "top":
    case "bottom":
    case "start":
    case "end":
      return role.kind;
    case "side":
      return `side:${role.segment}`;
    case "sideEdge":
      return `side[${formatEdgeName(role.edge)}]`;
    case "blend":
      return `blend[${formatEdgeName(role.edge)}]`;
    case "corner":
      return `corner[${role.faces.map(formatFaceName).join("|")}]`;
    case "inner":
      return `inner[${formatFaceName(role.face)}]`;
    case "new":
      return `new:${role.n}`;
    default: {
      const never: never = role;
      throw new Error(`unknown role ${JSON.stringify(never)}`);
    }
  }
}

export function formatFaceName(f: FaceName): string {
  const base = `${f.feature}:${formatRole(f.role)}`;
  return f.piece === undefined ? base : `${base}@${f.piece}`;
}

/** Formats with the two faces in code-unit order, as R1 requires. */
export function formatEdgeName(e: EdgeName): string {
  const [a, b] = sortedPair(formatFaceName(e.a), formatFaceName(e.b));
  const base = `${a}|${b}`;
  return e.index === undefined ? base : `${base}#${e.index}`;
}

export function formatRef(r: Ref): string {
  return r.kind === "face" ? `face:${formatFaceName(r.face)}` : `edge:${formatEdgeName(r.edge)}`;
}

/** Code-unit comparison (never locale). */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function sortedPair(a: string, b: string): [string, string] {
  return compareCodeUnits(a, b) <= 0 ? [a, b] : [b, a];
}

/** The edge name between two face names (without prefixes), sorted as R1 requires. */
export function edgeNameOf(faceA: string, faceB: string, index?: number): string {
  const [a, b] = sortedPair(faceA, faceB);
  return index === undefined ? `${a}|${b}` : `${a}|${b}#${index}`;
}

/** True when a name is fragile (R2.5): it uses `@k`, `#k` or `new:` anywhere. */
export function isFragileName(name: string): boolean {
  return /[@#]\d|new:\d/.test(name);
}

/** Feature ids a ref mentions anywhere (for FORWARD_REF / DANGLING_REF checks). */
export function featuresOfRef(r: Ref): string[] {
  return [...new Set(faceNamesOf(r).map((f) => f.feature))];
}

/** Every face name in a ref, nested ones included, outermost first. */
export function faceNamesOf(r: Ref): FaceName[] {
  const out: FaceName[] = [];
  const face = (f: FaceName): void => {
    out.push(f);
    const role = f.role;
    if (role.kind === "sideEdge" || role.kind === "blend") edge(role.edge);
    else if (role.kind === "corner") role.faces.forEach(face);
    else if (role.kind === "inner") face(role.face);
  };
  const edge = (e: EdgeName): void => {
    face(e.a);
    face(e.b);
  };
  if (r.kind === "face") face(r.face);
  else edge(r.edge);
  return out;
}

/** True when some edge name in the ref (nested ones included) lists its faces out of code-unit order. */
export function hasUnsortedEdgeName(r: Ref): boolean {
  const edges: EdgeName[] = r.kind === "edge" ? [r.edge] : [];
  for (const f of faceNamesOf(r)) {
    if (f.role.kind === "sideEdge" || f.role.kind === "blend") edges.push(f.role.edge);
  }
  return edges.some((e) => compareCodeUnits(formatFaceName(e.a), formatFaceName(e.b)) > 0);
}

/** A copy of `r` with every face name, nested ones included, rewritten by `fn` (innermost first). */
export function mapFaceNames(r: Ref, fn: (f: FaceName) => FaceName): Ref {
  const role = (x: Role): Role => {
    switch (x.kind) {
      case "sideEdge":
      case "blend":
        return { ...x, edge: edge(x.edge) };
      case "corner":
        return { kind: "corner", faces: [face(x.faces[0]), face(x.faces[1]), face(x.faces[2])] };
      case "inner":
        return { kind: "inner", face: face(x.face) };
      default:
        return x;
    }
  };
  const face = (f: FaceName): FaceName => fn({ ...f, role: role(f.role) });
  const edge = (e: EdgeName): EdgeName => ({ ...e, a: face(e.a), b: face(e.b) });
  return r.kind === "face"
    ? { kind: "face", face: face(r.face) }
    : { kind: "edge", edge: edge(r.edge) };
}
