/** Plain-text descriptions of faces, edges and bodies for the selection panel and status bar. */
import type { BodyProperties, EdgeInfo, FaceInfo, Vec3 } from "@kerf/kernel";

/** A number for display: at most 3 decimals, no float noise, no "-0". */
export function num(n: number, digits = 3): string {
  const f = Math.pow(10, digits);
  const r = Math.round(n * f) / f;
  return (Object.is(r, -0) ? 0 : r).toLocaleString("en-US", { maximumFractionDigits: digits });
}

export const mm = (n: number): string => `${num(n)} mm`;
export const mm2 = (n: number): string => `${num(n, 2)} mm²`;
export const mm3 = (n: number): string => `${num(n, 2)} mm³`;
export const vec = (v: Vec3, digits = 3): string => `(${v.map((x) => num(x, digits)).join(", ")})`;

const SURFACE: Record<FaceInfo["surfaceType"], string> = {
  plane: "planar face",
  cylinder: "cylindrical face",
  cone: "conical face",
  sphere: "spherical face",
  torus: "toroidal face",
  bspline: "B-spline face",
  other: "face",
};

const CURVE: Record<EdgeInfo["curveType"], string> = {
  line: "straight edge",
  circle: "circular edge",
  arc: "arc edge",
  ellipse: "elliptical edge",
  bspline: "B-spline edge",
  other: "edge",
};

/** Lines of "label: value" describing a face. */
export function faceLines(f: FaceInfo): [string, string][] {
  const out: [string, string][] = [["Type", SURFACE[f.surfaceType]]];
  out.push(["Area", mm2(f.area)]);
  if (f.normal) out.push(["Normal", vec(f.normal, 4)]);
  if (f.radius !== undefined) out.push(["Radius", mm(f.radius)]);
  if (f.axis) out.push(["Axis", `${vec(f.axis.direction, 4)} through ${vec(f.axis.origin)}`]);
  out.push(["Centroid", `${vec(f.centroid)} mm`]);
  out.push(["Size", `${vec(f.bbox.max.map((v, i) => v - f.bbox.min[i]!) as Vec3)} mm`]);
  out.push(["Edges", String(f.edgeCount)]);
  out.push(["Made by", f.featureId]);
  if (f.resolvedBy === "geometry") out.push(["Named by", "geometry (history missing)"]);
  return out;
}

export function edgeLines(e: EdgeInfo): [string, string][] {
  const out: [string, string][] = [["Type", CURVE[e.curveType]]];
  out.push(["Length", mm(e.length)]);
  if (e.radius !== undefined) out.push(["Radius", mm(e.radius)]);
  if (e.center) out.push(["Centre", `${vec(e.center)} mm`]);
  if (e.direction) out.push(["Direction", vec(e.direction, 4)]);
  out.push(["From", `${vec(e.start)} mm`]);
  out.push(["To", `${vec(e.end)} mm`]);
  out.push(["Convexity", e.convexity]);
  out.push(["Between", e.faces.join("  ·  ")]);
  out.push(["Made by", e.featureId]);
  if (e.resolvedBy === "geometry") out.push(["Named by", "geometry (history missing)"]);
  return out;
}

/** One short sentence for the status bar. */
export function shortFace(f: FaceInfo): string {
  const bits = [SURFACE[f.surfaceType], mm2(f.area)];
  if (f.normal) bits.push(`normal ${vec(f.normal, 3)}`);
  if (f.radius !== undefined) bits.push(`r ${mm(f.radius)}`);
  return bits.join(", ");
}

export function shortEdge(e: EdgeInfo): string {
  const bits = [CURVE[e.curveType], mm(e.length)];
  if (e.radius !== undefined) bits.push(`r ${mm(e.radius)}`);
  bits.push(e.convexity);
  return bits.join(", ");
}

export function bodyLines(b: BodyProperties): [string, string][] {
  const size = b.bbox.max.map((v, i) => v - b.bbox.min[i]!) as Vec3;
  return [
    ["Volume", mm3(b.volume)],
    ["Area", mm2(b.area)],
    ["Size", `${num(size[0])} × ${num(size[1])} × ${num(size[2])} mm`],
    ["Faces / edges", `${b.faceCount} / ${b.edgeCount}`],
    ["Solids", String(b.solids)],
  ];
}
