/**
 * One plain sentence about a face, edge or feature, for the selection (T1) and the system prompt
 * (L9), e.g. "planar face, end cap of extrude e1, 800 mm², normal +Z".
 */
import { parseRef, type Role } from "@kerf/document";
import type { EdgeInfo, FaceInfo, FeatureStatus } from "@kerf/kernel";
import { directionWord } from "./orientation.ts";

const SURFACE: Record<FaceInfo["surfaceType"], string> = {
  plane: "planar",
  cylinder: "cylindrical",
  cone: "conical",
  sphere: "spherical",
  torus: "toroidal",
  bspline: "freeform",
  other: "curved",
};

const CURVE: Record<EdgeInfo["curveType"], string> = {
  line: "straight",
  circle: "circular",
  arc: "arc",
  ellipse: "elliptical",
  bspline: "freeform",
  other: "curved",
};

/** Up to three decimals, without trailing zeros. */
export function num(x: number): string {
  return String(Math.round(x * 1000) / 1000);
}

function roleWords(role: Role): string {
  switch (role.kind) {
    case "top":
      return "end cap";
    case "bottom":
      return "start cap";
    case "start":
      return "start cap";
    case "end":
      return "end cap";
    case "side":
      return `side from sketch segment ${role.segment}`;
    case "sideEdge":
      return "side swept from a face edge";
    case "blend":
      return "blend face";
    case "corner":
      return "corner patch";
    case "inner":
      return "inner wall";
    case "new":
      return "face without a stable name";
    default: {
      const never: never = role;
      return String(never);
    }
  }
}

function featureWords(featureId: string, features: readonly FeatureStatus[]): string {
  const type = features.find((f) => f.id === featureId)?.type;
  return type ? `${type} ${featureId}` : `feature ${featureId}`;
}

export function faceNote(face: FaceInfo, features: readonly FeatureStatus[]): string {
  const parsed = parseRef(face.ref);
  const role =
    parsed.ok && parsed.value.kind === "face" ? roleWords(parsed.value.face.role) : "face";
  const parts = [
    `${SURFACE[face.surfaceType]} face`,
    `${role} of ${featureWords(face.featureId, features)}`,
  ];
  parts.push(`${num(face.area)} mm²`);
  if (face.normal) parts.push(`normal ${directionWord(face.normal)}`);
  if (face.radius !== undefined) parts.push(`radius ${num(face.radius)} mm`);
  if (face.axis && face.surfaceType !== "plane")
    parts.push(`axis ${directionWord(face.axis.direction)}`);
  if (face.fragile) parts.push("fragile name");
  return parts.join(", ");
}

export function edgeNote(edge: EdgeInfo, features: readonly FeatureStatus[]): string {
  const parts = [`${CURVE[edge.curveType]} edge of ${featureWords(edge.featureId, features)}`];
  parts.push(`${num(edge.length)} mm long`);
  if (edge.radius !== undefined) parts.push(`radius ${num(edge.radius)} mm`);
  if (edge.direction) parts.push(`along ${directionWord(edge.direction)}`);
  parts.push(edge.convexity);
  parts.push(`between ${edge.faces[0]} and ${edge.faces[1]}`);
  if (edge.fragile) parts.push("fragile name");
  return parts.join(", ");
}

export function featureNote(f: FeatureStatus, faceCount: number): string {
  const state = f.status === "error" ? `failed: ${f.error?.message ?? "unknown error"}` : f.status;
  return `${f.type} ${f.id} (${state}), ${faceCount} face${faceCount === 1 ? "" : "s"} on the body`;
}
