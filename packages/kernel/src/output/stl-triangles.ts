/**
 * Plain-JS half of the mesh extraction (mesh.ts): a face's triangles arrive as a binary STL
 * (written by OpenCascade in one call, read back as bytes) and become indexed triangles with a
 * normal per vertex.
 *
 * Binary STL: an 80-byte header, a uint32 triangle count, then 50 bytes per triangle (facet
 * normal, three vertices, all float32 little-endian, and a 2-byte attribute). The vertices of
 * one triangulation node are written from the same double, so they are bit-identical floats:
 * welding by exact bit pattern recovers the node sharing (and merges a periodic surface's seam
 * duplicates, which only smooths the normals across the seam).
 */

export interface FaceTriangles {
  /** xyz per vertex. */
  positions: Float32Array;
  /** Unit normal per vertex: area-weighted mean of its triangles' normals (winding order). */
  normals: Float32Array;
  /** Three vertex indices per triangle, local to this face. */
  indices: Uint32Array;
}

const HEADER = 84;
const STRIDE = 50;

/** Triangle count of a binary STL (0 when too short to be one). */
export function stlTriangleCount(stl: Uint8Array): number {
  if (stl.byteLength < HEADER) return 0;
  const count = new DataView(stl.buffer, stl.byteOffset, stl.byteLength).getUint32(80, true);
  return stl.byteLength >= HEADER + count * STRIDE ? count : 0;
}

/** Indexed triangles with per-vertex normals from a binary STL's facets. */
export function stlToTriangles(stl: Uint8Array): FaceTriangles {
  const count = stlTriangleCount(stl);
  const view = new DataView(stl.buffer, stl.byteOffset, stl.byteLength);
  const corners = count * 3;
  // Open addressing on the three coordinates' bit patterns; slots hold vertex index + 1.
  let size = 16;
  while (size < corners * 2) size *= 2;
  const mask = size - 1;
  const table = new Int32Array(size);
  const bits = new Uint32Array(corners * 3);
  const indices = new Uint32Array(corners);
  let vertices = 0;
  for (let c = 0; c < corners; c++) {
    const off = HEADER + Math.floor(c / 3) * STRIDE + 12 + (c % 3) * 12;
    const x = view.getUint32(off, true);
    const y = view.getUint32(off + 4, true);
    const z = view.getUint32(off + 8, true);
    let h = Math.imul(x, 0x9e3779b1) ^ Math.imul(y, 0x85ebca77) ^ Math.imul(z, 0xc2b2ae3d);
    h = (h ^ (h >>> 15)) & mask;
    for (;;) {
      const slot = table[h]!;
      if (slot === 0) {
        bits[vertices * 3] = x;
        bits[vertices * 3 + 1] = y;
        bits[vertices * 3 + 2] = z;
        table[h] = ++vertices;
        indices[c] = vertices - 1;
        break;
      }
      const v = (slot - 1) * 3;
      if (bits[v] === x && bits[v + 1] === y && bits[v + 2] === z) {
        indices[c] = slot - 1;
        break;
      }
      h = (h + 1) & mask;
    }
  }
  const positions = new Float32Array(bits.buffer, 0, vertices * 3).slice();
  return { positions, normals: vertexNormals(positions, indices), indices };
}

/**
 * Per vertex, the sum of its triangles' cross products (so weighted by area), normalised. The
 * triangles wind outwards, so the normals point outwards. A vertex of degenerate triangles only
 * gets +Z (a unit vector is promised; it has no area to shade).
 */
export function vertexNormals(positions: Float32Array, indices: Uint32Array): Float32Array {
  const acc = new Float64Array(positions.length);
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t]! * 3;
    const b = indices[t + 1]! * 3;
    const c = indices[t + 2]! * 3;
    const ux = positions[b]! - positions[a]!;
    const uy = positions[b + 1]! - positions[a + 1]!;
    const uz = positions[b + 2]! - positions[a + 2]!;
    const vx = positions[c]! - positions[a]!;
    const vy = positions[c + 1]! - positions[a + 1]!;
    const vz = positions[c + 2]! - positions[a + 2]!;
    const nx = uy * vz - uz * vy;
    const ny = uz * vx - ux * vz;
    const nz = ux * vy - uy * vx;
    add(acc, a, nx, ny, nz);
    add(acc, b, nx, ny, nz);
    add(acc, c, nx, ny, nz);
  }
  const normals = new Float32Array(positions.length);
  for (let v = 0; v < acc.length; v += 3) {
    const l = Math.hypot(acc[v]!, acc[v + 1]!, acc[v + 2]!);
    if (l > 0) {
      normals[v] = acc[v]! / l;
      normals[v + 1] = acc[v + 1]! / l;
      normals[v + 2] = acc[v + 2]! / l;
    } else normals[v + 2] = 1;
  }
  return normals;
}

function add(acc: Float64Array, v: number, x: number, y: number, z: number): void {
  acc[v] = acc[v]! + x;
  acc[v + 1] = acc[v + 1]! + y;
  acc[v + 2] = acc[v + 2]! + z;
}
