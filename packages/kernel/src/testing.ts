/**
 * `@kerf/kernel/testing`: checks on the kernel's outputs for tests of this package and of its
 * users (the CLI): read a STEP file back with OpenCascade, parse a binary STL and measure it.
 * Not for production code.
 */
import { importSTEP, measureVolume, type Shape3D } from "replicad";
import { loadOC } from "./oc/load.ts";
import { captureOcOutput } from "./oc/print.ts";

/** Volume of the shape a STEP file holds, read back with replicad's importSTEP (C5). */
export async function stepVolume(bytes: Uint8Array): Promise<number> {
  await loadOC();
  const blob = new Blob([bytes as Uint8Array<ArrayBuffer>]);
  const shape = await importSTEP(blob);
  try {
    return captureOcOutput(() => measureVolume(shape as Shape3D)).value;
  } finally {
    shape.delete();
  }
}

export interface StlStats {
  triangles: number;
  /** Signed volume by the divergence theorem (positive when the triangles face outwards). */
  volume: number;
  /**
   * Directed edges without exactly one opposite partner (vertices matched by exact float32
   * coordinates): 0 for a closed, consistently oriented mesh.
   */
  openEdges: number;
}

/** Parse a binary STL and measure it. */
export function stlStats(bytes: Uint8Array): StlStats {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const n = view.getUint32(80, true);
  if (bytes.byteLength !== 84 + 50 * n) throw new Error("not a binary STL");
  const ids = new Map<string, number>();
  const id = (x: number, y: number, z: number): number => {
    const k = `${x},${y},${z}`;
    let i = ids.get(k);
    if (i === undefined) ids.set(k, (i = ids.size));
    return i;
  };
  const directed = new Map<string, number>();
  let volume = 0;
  for (let t = 0; t < n; t++) {
    const o = 84 + 50 * t + 12; // skip the facet normal
    const p: number[][] = [];
    for (let v = 0; v < 3; v++) {
      const b = o + 12 * v;
      p.push([
        view.getFloat32(b, true),
        view.getFloat32(b + 4, true),
        view.getFloat32(b + 8, true),
      ]);
    }
    const [a, b, c] = p as [number[], number[], number[]];
    volume +=
      (a[0]! * (b[1]! * c[2]! - b[2]! * c[1]!) -
        a[1]! * (b[0]! * c[2]! - b[2]! * c[0]!) +
        a[2]! * (b[0]! * c[1]! - b[1]! * c[0]!)) /
      6;
    const vi = p.map((q) => id(q[0]!, q[1]!, q[2]!));
    for (let k = 0; k < 3; k++) {
      const key = `${vi[k]}>${vi[(k + 1) % 3]}`;
      directed.set(key, (directed.get(key) ?? 0) + 1);
    }
  }
  let openEdges = 0;
  for (const [key, count] of directed) {
    const [a, b] = key.split(">");
    if (count !== 1 || directed.get(`${b}>${a}`) !== 1) openEdges++;
  }
  return { triangles: n, volume, openEdges };
}
