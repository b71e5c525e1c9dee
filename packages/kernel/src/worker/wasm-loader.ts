/**
 * Emscripten overrides that load OpenCascade's .wasm from a given URL (a bundler's asset URL)
 * and report download progress, keeping streaming compilation: the response body is counted on
 * its way into `WebAssembly.instantiateStreaming`.
 */
export interface WasmLoadHooks {
  /** Download progress, 0…1 (null when the size is unknown). */
  progress(fraction: number | null): void;
  /** Loading failed: Emscripten's `instantiateWasm` has no error path, so say it here. */
  fail(message: string): void;
}

export function wasmOverrides(url: string, hooks: WasmLoadHooks): Record<string, unknown> {
  return {
    locateFile: (path: string) => (path.endsWith(".wasm") ? url : path),
    instantiateWasm(
      imports: WebAssembly.Imports,
      done: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void,
    ): Record<string, never> {
      instantiate(url, imports, hooks.progress).then(
        (r) => done(r.instance, r.module),
        (e: unknown) => hooks.fail(`could not load ${url}: ${String(e)}`),
      );
      return {}; // exports arrive through `done`
    },
  };
}

async function instantiate(
  url: string,
  imports: WebAssembly.Imports,
  progress: (fraction: number | null) => void,
): Promise<WebAssembly.WebAssemblyInstantiatedSource> {
  const res = await fetch(url, { credentials: "same-origin" });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const counted = countBytes(res, progress);
  try {
    return await WebAssembly.instantiateStreaming(counted, imports);
  } catch {
    // A server that does not say application/wasm: compile from bytes instead.
    const again = await fetch(url, { credentials: "same-origin" });
    return WebAssembly.instantiate(await again.arrayBuffer(), imports);
  }
}

function countBytes(res: Response, progress: (fraction: number | null) => void): Response {
  // With content-encoding the length is of the compressed bytes: clamp below 1.
  const total = Number(res.headers.get("content-length")) || 0;
  if (!res.body || !total) {
    progress(null);
    return res;
  }
  let loaded = 0;
  let shown = -1;
  const body = res.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, out) {
        loaded += chunk.byteLength;
        const pct = Math.min(99, Math.floor((loaded / total) * 100));
        if (pct !== shown) progress((shown = pct) / 100);
        out.enqueue(chunk);
      },
    }),
  );
  return new Response(body, { headers: { "content-type": "application/wasm" } });
}
