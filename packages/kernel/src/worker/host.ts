/**
 * The worker side of the kernel protocol: a thin shell (guide habit 5) that serves KernelRequests
 * with an in-process KernelClient and answers with plain data. It runs wherever a port-like object
 * exists: `self` in a browser Web Worker (worker.ts), `parentPort` under node:worker_threads.
 *
 * - It says "loading OpenCascade" at once, then `ready` with the start-up time; requests that
 *   arrive before that wait for it.
 * - Mesh buffers and export bytes are transferred, never copied (a view over part of a larger
 *   buffer is first cut out, so no unrelated memory travels or gets detached).
 * - Exceptions become `{code, message}` (guide habit 3). A WebAssembly abort (Emscripten's
 *   `onAbort`, or a RuntimeError escaping a call) leaves OpenCascade unusable: the host reports
 *   `fatal` once and then answers nothing, and the client replaces the worker.
 */
import { heapSize } from "../oc/heap.ts";
import { loadOC, type OC } from "../oc/load.ts";
import { formatOcFailure, ocFailure } from "../oc/errors.ts";
import type { BodyMesh, BuildResult, KernelClient } from "../types.ts";
import type { WasmLoadHooks } from "./wasm-loader.ts";
import {
  isKernelRequest,
  unreachable,
  type KernelErrorData,
  type KernelRequest,
  type KernelResponse,
  type RequestId,
} from "./protocol.ts";

/** What the host talks through: `self` in a Web Worker, an adapter over `parentPort` in Node. */
export interface HostPort {
  postMessage(message: KernelResponse, transfer: Transferable[]): void;
  onmessage: ((event: { data: unknown }) => void) | null;
}

export interface ServeOptions {
  /** Makes the in-process kernel once OpenCascade is loaded (it shares loadOC's instance). */
  createKernel: () => Promise<KernelClient>;
  /**
   * Emscripten overrides for loading OpenCascade, e.g. `locateFile` for a bundled .wasm
   * (wasm-loader.ts), given hooks to report download progress or a failure to load.
   */
  ocOverrides?: (hooks: WasmLoadHooks) => Record<string, unknown>;
  /** Ask to be replaced (`recycle`) once the WASM heap is larger than this (default 1 GiB). */
  recycleAboveBytes?: number;
}

/** OpenCascade grows its heap ~0.1–0.5 MB per rebuild; 4 GB is the hard cap. */
export const DEFAULT_RECYCLE_BYTES = 2 ** 30;

export interface KernelHost {
  /** Settles when OpenCascade is loaded (or failed to load). */
  readonly started: Promise<void>;
  /** The OpenCascade instance once loaded (for test entries). */
  readonly oc: OC | null;
}

/** Serve the kernel protocol on `port`. Call once per worker. */
export function serveKernel(port: HostPort, options: ServeOptions): KernelHost {
  let dead = false;
  let oc: OC | null = null;
  /** The newest build request received: an older one still waiting is answered as cancelled. */
  let latestBuild: RequestId | null = null;
  /** Settles when the build in flight does: exports wait for it (they use its result). */
  let building: Promise<unknown> = Promise.resolve();

  const post = (message: KernelResponse, transfer: Transferable[] = []): void => {
    if (!dead) port.postMessage(message, transfer);
  };
  let recycleAsked = false;
  const checkHeap = (): void => {
    if (recycleAsked || !oc) return;
    const bytes = heapSize(oc);
    if (bytes > (options.recycleAboveBytes ?? DEFAULT_RECYCLE_BYTES)) {
      recycleAsked = true;
      post({ type: "recycle", bytes });
    }
  };
  const fatal = (error: KernelErrorData): void => {
    post({ type: "fatal", error });
    dead = true;
  };

  post({ type: "progress", phase: "loading", message: "loading OpenCascade", fraction: null });
  const t0 = performance.now();
  const hooks: WasmLoadHooks = {
    progress: (fraction) =>
      post({ type: "progress", phase: "loading", message: "loading OpenCascade", fraction }),
    fail: (message) =>
      fatal({ code: "LOAD_FAILED", message: `OpenCascade failed to load: ${message}` }),
  };
  const kernel: Promise<KernelClient | null> = loadOC({
    ...options.ocOverrides?.(hooks),
    onAbort: (what: unknown) =>
      fatal({ code: "KERNEL_CRASHED", message: `WebAssembly aborted: ${String(what)}` }),
  })
    .then((instance) => {
      oc = instance;
      return options.createKernel();
    })
    .then(
      (k) => {
        post({ type: "ready", ms: performance.now() - t0 });
        return k;
      },
      (e: unknown) => {
        fatal({ code: "LOAD_FAILED", message: `OpenCascade failed to load: ${messageOf(e)}` });
        return null;
      },
    );

  const fail = (id: RequestId, e: unknown): void => {
    if (isWasmRuntimeError(e)) {
      fatal({ code: "KERNEL_CRASHED", message: `WebAssembly aborted: ${messageOf(e)}` });
      return;
    }
    post({ type: "failed", id, error: normalise(oc, e) });
  };

  async function serve(req: KernelRequest): Promise<void> {
    if (req.type === "build") latestBuild = req.id;
    const k = await kernel;
    if (!k || dead) return;
    switch (req.type) {
      case "build": {
        if (req.id !== latestBuild) {
          post({ type: "failed", id: req.id, error: cancelled() });
          return;
        }
        post({
          type: "progress",
          phase: "building",
          message: `building ${req.model.features.length} features`,
          fraction: null,
          id: req.id,
        });
        const run = k.build(req.model, {
          ...req.options,
          onFeature: (index, count) =>
            post({
              type: "progress",
              phase: "building",
              message: `building feature ${index + 1}/${count}`,
              fraction: index / count,
              id: req.id,
            }),
        });
        building = run.catch(() => undefined);
        const result = await run;
        const { message, transfer } = builtMessage(req.id, result);
        post(message, transfer);
        checkHeap();
        return;
      }
      case "exportStep":
      case "exportStl": {
        // Exports use the result of the last build: wait for any build in flight (even one
        // that arrives while waiting) to settle first.
        for (let b = building; ; b = building) {
          await b;
          if (b === building) break;
        }
        const bytes = await (req.type === "exportStep"
          ? k.exportStep(req.model)
          : k.exportStl(req.model));
        const own = ownBuffer(bytes);
        post({ type: "exported", id: req.id, bytes: own }, [own.buffer as ArrayBuffer]);
        checkHeap();
        return;
      }
      case "dispose":
        await k.dispose();
        post({ type: "done", id: req.id });
        return;
      default:
        unreachable(req);
    }
  }

  port.onmessage = (event) => {
    const req = event.data;
    if (!isKernelRequest(req)) return;
    serve(req).catch((e: unknown) => fail(req.id, e));
  };

  return {
    started: kernel.then(() => undefined),
    get oc() {
      return oc;
    },
  };
}

const cancelled = (): KernelErrorData => ({
  code: "BUILD_CANCELLED",
  message: "build cancelled: a newer build superseded it",
});

/** Any exception → `{code, message}`; OpenCascade's own text is kept (guide habit 3). */
export function normalise(oc: OC | null, e: unknown): KernelErrorData {
  if (e instanceof Error && e.name === "BuildCancelled") return cancelled();
  const code = (e as { code?: unknown } | null)?.code;
  if (e instanceof Error && typeof code === "string" && isKnownCode(code))
    return { code, message: e.message };
  if (isWasmException(e) || typeof e === "number") {
    const message = oc ? formatOcFailure(ocFailure(oc, e)) : String(e);
    return { code: "KERNEL_FAILURE", message };
  }
  if (isWasmRuntimeError(e)) return { code: "KERNEL_CRASHED", message: messageOf(e) };
  return { code: "INTERNAL", message: messageOf(e) };
}

function isKnownCode(c: string): c is KernelErrorData["code"] {
  return [
    "BUILD_CANCELLED",
    "KERNEL_FAILURE",
    "KERNEL_CRASHED",
    "LOAD_FAILED",
    "DISPOSED",
  ].includes(c);
}

function messageOf(e: unknown): string {
  if (e instanceof Error)
    return e.name && e.name !== "Error" ? `${e.name}: ${e.message}` : e.message;
  return String(e);
}

function isWasmException(e: unknown): boolean {
  const WA = WebAssembly as { Exception?: new (...a: never[]) => unknown };
  return typeof WA.Exception === "function" && e instanceof WA.Exception;
}

/** `RuntimeError` is what an abort, `unreachable` or an out-of-bounds access throws. */
function isWasmRuntimeError(e: unknown): boolean {
  return e instanceof WebAssembly.RuntimeError;
}

/**
 * A typed array that owns its whole buffer, so transferring it moves exactly its bytes: views
 * over part of a buffer (or over shared/WASM memory) are copied first.
 */
function ownBuffer<T extends Float32Array | Uint32Array | Uint8Array>(a: T): T {
  const whole =
    a.buffer instanceof ArrayBuffer && a.byteOffset === 0 && a.byteLength === a.buffer.byteLength;
  return whole ? a : (a.slice() as T);
}

/**
 * The `built` message with every mesh buffer listed for transfer. The result is rebuilt
 * shallowly rather than mutated.
 *
 * TRAP: KernelService caches the BodyMesh it returns (per body and tolerance) and hands the same
 * object out again when an unchanged body is rebuilt. Transferring those arrays would detach them
 * inside the worker and the next cache hit would send empty meshes. So by default each array is
 * copied once here (a memcpy inside the worker) and the copy is transferred: still one copy in
 * all, where a structured clone would serialise and deserialise. `copy: false` is for a kernel
 * whose meshes the caller owns.
 */
export function builtMessage(
  id: RequestId,
  result: BuildResult,
  copy = true,
): { message: KernelResponse; transfer: Transferable[] } {
  const transfer = new Set<ArrayBuffer>();
  const take = <T extends Float32Array | Uint32Array>(a: T): T => {
    let own = copy ? (a.slice() as T) : ownBuffer(a);
    // The same buffer twice in one transfer list is a DataCloneError: copy the second.
    if (transfer.has(own.buffer as ArrayBuffer)) own = own.slice() as T;
    transfer.add(own.buffer as ArrayBuffer);
    return own;
  };
  const m = result.mesh;
  const mesh: BodyMesh | null = m && {
    positions: take(m.positions),
    normals: take(m.normals),
    indices: take(m.indices),
    faces: m.faces,
    edges: m.edges.map((e) => ({ ref: e.ref, positions: take(e.positions) })),
  };
  return { message: { type: "built", id, result: { ...result, mesh } }, transfer: [...transfer] };
}
