/**
 * Value syntax of document.md D2: numbers, booleans, ids, whitespace-separated lists, polyline
 * points. Pure string functions shared by validation, decoding and commands.
 */

const NUMBER = /^-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const ID = /^[A-Za-z_][A-Za-z0-9_-]*$/;
/** XML whitespace (attribute values are already normalised to spaces by the parser). */
const WS = /[ \t\n\r]+/;

/** The id no feature may take: `get_geometry` uses it for the whole body (ai.md T1). */
export const RESERVED_ID = "body";

/** True when `s` is a D2 number literal (`10`, `-2.5`, `.5`, `1e-3`; not `+5`, ` 10`, `0x10`). */
export function isNumberLiteral(s: string): boolean {
  return NUMBER.test(s);
}

/** The value of a D2 number literal, or undefined when it is not one or is not finite. */
export function parseNumber(s: string): number | undefined {
  if (!NUMBER.test(s)) return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}

/** Shortest literal that reads back as `n` (JavaScript's own; always matches D2). */
export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError(`${n} cannot be written as a D2 number`);
  return String(n);
}

export function parseBoolean(s: string): boolean | undefined {
  return s === "true" ? true : s === "false" ? false : undefined;
}

/** D2 id syntax (the reserved `body` is checked separately, as BAD_ID too). */
export function isIdSyntax(s: string): boolean {
  return ID.test(s);
}

export function isValidId(s: string): boolean {
  return ID.test(s) && s !== RESERVED_ID;
}

/** Items of a whitespace-separated list; leading and trailing whitespace is allowed. */
export function splitList(s: string): string[] {
  const t = s.trim();
  return t === "" ? [] : t.split(WS);
}

export type PointsResult = { ok: true; points: [number, number][] } | { ok: false; bad: string };

/** `"x,y x,y …"` (D4 polyline). `bad` is the first item that is not a pair of D2 numbers. */
export function parsePoints(s: string): PointsResult {
  const points: [number, number][] = [];
  for (const item of splitList(s)) {
    const comma = item.indexOf(",");
    const x = comma < 0 ? undefined : parseNumber(item.slice(0, comma));
    const y = comma < 0 ? undefined : parseNumber(item.slice(comma + 1));
    if (x === undefined || y === undefined) return { ok: false, bad: item };
    points.push([x, y]);
  }
  return { ok: true, points };
}

export function formatPoints(points: readonly (readonly [number, number])[]): string {
  return points.map(([x, y]) => `${formatNumber(x)},${formatNumber(y)}`).join(" ");
}

/** Number of segments of a polyline (D4: the closing segment is last). */
export function polylineSegmentCount(pointCount: number, closed: boolean): number {
  if (pointCount < 2) return 0;
  return closed ? pointCount : pointCount - 1;
}
