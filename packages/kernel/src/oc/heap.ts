/**
 * Measuring the WASM heap for leak tests.
 *
 * TRAPS found in replicad-opencascadejs 1.1.0 (docs/decisions/persistent-naming.md):
 * - `wasmMemory.buffer.byteLength` only ever grows, in steps of ~20%, and starts at 100 MB with
 *   ~60 MB free, so small leaks hide in the free space: `squeezeHeap` takes that up first.
 * - Probing "free" memory by mallocing blocks until the memory grows is unreliable (malloc's
 *   break and the memory size move independently); there is no mallinfo. Only growth of the
 *   memory itself is a trustworthy signal.
 */
import type { OC } from "./load.ts";

interface Malloc {
  ___libc_malloc(n: number): number;
  ___libc_free(p: number): void;
}

/** Total linear memory (grows only). */
export function heapSize(oc: OC): number {
  return oc.wasmMemory.buffer.byteLength;
}

/**
 * Take up the free linear memory with ballast (1 MiB mallocs) until the next allocation makes the
 * memory grow, so that a following leak shows as growth of `heapSize` instead of hiding in the
 * free space (which starts at ~60 MB). The headroom left is the last growth step (~20% of the
 * memory). Returns the function that frees the ballast.
 */
export function squeezeHeap(oc: OC): () => void {
  const m = oc as unknown as Malloc;
  const blocks: number[] = [];
  const total = oc.wasmMemory.buffer.byteLength;
  for (;;) {
    const p = m.___libc_malloc(1 << 20);
    if (!p) break;
    if (oc.wasmMemory.buffer.byteLength !== total) {
      m.___libc_free(p);
      break;
    }
    blocks.push(p);
  }
  return () => blocks.splice(0).forEach((p) => m.___libc_free(p));
}
