/**
 * Building the picking BVH of a big body off the main thread (three-mesh-bvh's worker), so a
 * rebuild of a 200k-triangle body does not stall the UI. The worker gets a copy of the arrays:
 * the rendered geometry stays untouched. Small bodies are faster done in place.
 */
import * as THREE from "three";
import { MeshBVH } from "three-mesh-bvh";
import { GenerateMeshBVHWorker } from "three-mesh-bvh/worker";

/** Above this many triangles the BVH is built in a worker. */
export const WORKER_THRESHOLD = 40_000;

const OPTIONS = { indirect: true, targetLeafSize: 8 } as const;

let worker: GenerateMeshBVHWorker | null = null;
let queue: Promise<unknown> = Promise.resolve();

function pickingGeometry(positions: Float32Array, indices: Uint32Array): THREE.BufferGeometry {
  const g = new THREE.BufferGeometry();
  g.setAttribute("position", new THREE.BufferAttribute(positions, 3));
  g.setIndex(new THREE.BufferAttribute(indices, 1));
  return g;
}

/** A BVH over (a copy of) the mesh; in a worker when the mesh is big and workers exist. */
export function buildBVH(
  positions: Float32Array,
  indices: Uint32Array,
): MeshBVH | Promise<MeshBVH> {
  const triangles = indices.length / 3;
  if (triangles < WORKER_THRESHOLD || typeof Worker === "undefined") {
    return new MeshBVH(pickingGeometry(positions, indices), OPTIONS);
  }
  const geometry = pickingGeometry(positions.slice(), indices.slice());
  // One build at a time in the one worker; a failure falls back to building in place.
  const task = queue.then(async () => {
    try {
      worker ??= new GenerateMeshBVHWorker();
      return await worker.generate(geometry, OPTIONS);
    } catch {
      return new MeshBVH(geometry, OPTIONS);
    }
  });
  queue = task.catch(() => undefined);
  return task;
}
