/**
 * T1.1: which way a face points. Planar faces by outward normal within 10° of an axis;
 * `side` = normal within 10° of horizontal; a cylinder or cone with a vertical axis is `side`;
 * any other curved face matches only `any`.
 */
import type { FaceInfo, Vec3 } from "@kerf/kernel";
import { dot, normalize } from "./vec.ts";

export const ORIENTATIONS = ["top", "bottom", "front", "back", "left", "right", "side"] as const;
export type Orientation = (typeof ORIENTATIONS)[number];

const COS_10 = Math.cos((10 * Math.PI) / 180);
const SIN_10 = Math.sin((10 * Math.PI) / 180);

const AXES: [Orientation, Vec3][] = [
  ["top", [0, 0, 1]],
  ["bottom", [0, 0, -1]],
  ["front", [0, -1, 0]],
  ["back", [0, 1, 0]],
  ["left", [-1, 0, 0]],
  ["right", [1, 0, 0]],
];

/** Every orientation `face` matches besides `any` (a −Y face is both `front` and `side`). */
export function orientationsOf(face: FaceInfo): Orientation[] {
  if (face.surfaceType === "plane" && face.normal) {
    const n = normalize(face.normal);
    const out = AXES.filter(([, axis]) => dot(n, axis) >= COS_10).map(([name]) => name);
    if (Math.abs(n[2]) <= SIN_10) out.push("side");
    return out;
  }
  if ((face.surfaceType === "cylinder" || face.surfaceType === "cone") && face.axis) {
    const d = normalize(face.axis.direction);
    return Math.abs(d[2]) >= COS_10 ? ["side"] : [];
  }
  return [];
}

/** A short word for a direction, e.g. `+Z`, or the rounded vector when it is not an axis. */
export function directionWord(v: Vec3): string {
  const n = normalize(v);
  const names: [string, Vec3][] = [
    ["+X", [1, 0, 0]],
    ["-X", [-1, 0, 0]],
    ["+Y", [0, 1, 0]],
    ["-Y", [0, -1, 0]],
    ["+Z", [0, 0, 1]],
    ["-Z", [0, 0, -1]],
  ];
  const hit = names.find(([, axis]) => dot(n, axis) > 1 - 1e-9);
  return hit ? hit[0] : `[${n.map((x) => Math.round(x * 1000) / 1000).join(", ")}]`;
}
