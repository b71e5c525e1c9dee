/**
 * The main-thread KernelClient over a kernel worker (host.ts on the other side).
 *
 * - Requests are correlated by id. A newer `build` supersedes an older one at once: the older
 *   promise rejects with `BuildCancelled` (the same class the in-process kernel uses) and its
 *   late answer is ignored; the worker stops it between features.
 * - When the worker dies (an `error` or `messageerror` event, or the host reporting a WASM abort),
 *   it is terminated and a fresh one spawned, and the last build is sent again: a build that was
 *   waiting resolves with the new worker's answer, and one that had already resolved is rebuilt so
 *   exports keep working (its result goes to `onRestart`). The caller's model is only ever read.
 *   A build that crashes the worker twice rejects with `KERNEL_CRASHED` rather than loop.
 * - A worker whose WASM heap passed the host's limit (a `recycle` message) is replaced the same
 *   way at its next idle moment, before the heap reaches the 4 GB cap and aborts.
 * - `phase`/`ready()`/`onProgress` drive a "loading OpenCascade" UI.
 *
 * Nothing here imports OpenCascade: this module is safe for the main thread.
 */
import type { Model } from "@kerf/document";
import { BuildCancelled } from "../build/errors.ts";
import type { BuildOptions, BuildResult, KernelClient } from "../types.ts";
import {
  requestId,
  unreachable,
  type KernelErrorCode,
  type KernelErrorData,
  type KernelPhase,
  type KernelRequest,
  type KernelResponse,
  type RequestId,
} from "./protocol.ts";

export { BuildCancelled } from "../build/errors.ts";

/**
 * What `spawn` returns: a DOM `Worker` fits as it is; node.ts adapts node:worker_threads.
 * `error` and `messageerror` events mean the worker is gone or unusable.
 */
export interface WorkerLike {
  postMessage(message: KernelRequest, transfer: Transferable[]): void;
  addEventListener(
    type: "message" | "error" | "messageerror",
    listener: (event: Event) => void,
  ): void;
  terminate(): void;
}

/** A request that failed for a reason other than cancellation. */
export class KernelError extends Error {
  constructor(
    readonly code: KernelErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "KernelError";
  }
}

/** For a progress UI: what the kernel is doing now. */
export interface KernelProgress {
  phase: KernelPhase | "disposed";
  /** e.g. "loading OpenCascade", "building 12 features", "restarting the kernel". */
  message: string;
  /** 0…1 when known. */
  fraction: number | null;
}

export interface RestartEvent {
  /**
   * Why the old worker was replaced: it crashed (`KERNEL_CRASHED`), or it was recycled at an
   * idle moment because its WASM heap passed the host's limit (`HEAP_LIMIT`).
   */
  reason: { code: "KERNEL_CRASHED" | "HEAP_LIMIT"; message: string };
  /** Restarts so far. */
  restarts: number;
  /**
   * The rebuild of the last build when it had already resolved before the crash (null when
   * there was none, or when a build was waiting: that build's own promise gets the result).
   * Resolves to null if the rebuild fails or is superseded.
   */
  rebuilt: Promise<BuildResult | null> | null;
}

export interface WorkerKernelOptions {
  onProgress?: (progress: KernelProgress) => void;
  onRestart?: (event: RestartEvent) => void;
  /** Crashes in a row (with no request answered in between) before giving up (default 3). */
  maxRestarts?: number;
  /** How long `dispose` waits for the worker to free OpenCascade before terminating it (ms). */
  disposeTimeoutMs?: number;
}

export interface WorkerKernelClient extends KernelClient {
  /** `loading` until OpenCascade is up in the (current) worker, then `ready`/`building`. */
  readonly phase: KernelPhase | "disposed";
  /** Resolves when the current worker is ready; rejects if the kernel failed or was disposed. */
  ready(): Promise<void>;
  /** Workers replaced after a crash so far. */
  readonly restarts: number;
}

interface Pending {
  request: KernelRequest;
  resolve(value: never): void;
  reject(error: Error): void;
  /** Times this request was being served when the worker crashed. */
  crashes: number;
}

export function createWorkerKernel(
  spawn: () => WorkerLike,
  options: WorkerKernelOptions = {},
): WorkerKernelClient {
  const maxRestarts = options.maxRestarts ?? 3;
  const pending = new Map<RequestId, Pending>();
  let nextId = 1;
  let worker: WorkerLike | null = null;
  let phase: KernelPhase | "disposed" = "loading";
  let failure: KernelErrorData | null = null;
  let restarts = 0;
  let crashesInARow = 0;
  /** The build whose answer we wait for (at most one: newer ones supersede it). */
  let currentBuild: RequestId | null = null;
  /** The last build sent, to send again after a crash. */
  let lastBuild: { model: Model; options?: BuildOptions } | null = null;
  let readiness = deferred();
  /** The worker asked to be replaced; done once nothing is pending. */
  let recycleWanted = false;

  const progress = (p: KernelProgress): void => {
    phase = p.phase;
    options.onProgress?.(p);
  };

  function start(): void {
    const w = spawn();
    worker = w;
    failure = null;
    progress({ phase: "loading", message: "starting the kernel", fraction: null });
    w.addEventListener("message", (ev) => {
      if (w === worker) onMessage((ev as MessageEvent).data as KernelResponse);
    });
    w.addEventListener("error", (ev) => {
      if (w === worker) crash(`the kernel worker failed: ${eventText(ev)}`);
    });
    w.addEventListener("messageerror", () => {
      if (w === worker) crash("a message from the kernel worker could not be read");
    });
  }

  function send(request: KernelRequest): void {
    if (!worker) start();
    worker!.postMessage(request, []);
  }

  function request<T>(make: (id: RequestId) => KernelRequest): Promise<T> {
    if (phase === "disposed")
      return Promise.reject(new KernelError("DISPOSED", "the kernel was disposed"));
    const id = requestId(nextId++);
    const req = make(id);
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { request: req, resolve: resolve as (v: never) => void, reject, crashes: 0 });
      try {
        send(req);
      } catch (e) {
        // e.g. a DataCloneError: the model holds something that is not plain data.
        pending.delete(id);
        if (currentBuild === id) currentBuild = null;
        reject(new KernelError("INTERNAL", `could not send to the kernel: ${String(e)}`));
      }
    });
  }

  function settle(id: RequestId, ok: boolean, value: unknown): void {
    const p = pending.get(id);
    if (!p) return; // superseded or abandoned: its late answer is dropped
    pending.delete(id);
    if (currentBuild === id) currentBuild = null;
    if (ok) {
      crashesInARow = 0;
      p.resolve(value as never);
    } else p.reject(toError(value as KernelErrorData));
    maybeRecycle();
  }

  /** Replace a worker that asked for it, once nothing is pending. */
  function maybeRecycle(): void {
    if (!recycleWanted || pending.size > 0) return;
    recycleWanted = false;
    // After the caller's continuation has run (it may send the next request at once).
    queueMicrotask(() => {
      if (pending.size > 0)
        recycleWanted = true; // busy again: at the next idle moment
      else if (phase !== "disposed" && worker) {
        stopWorker();
        replace({ code: "HEAP_LIMIT", message: "recycling the kernel worker to free memory" });
      }
    });
  }

  function onMessage(msg: KernelResponse): void {
    switch (msg.type) {
      case "progress":
        progress({ phase: msg.phase, message: msg.message, fraction: msg.fraction });
        return;
      case "ready":
        crashesInARow = 0;
        progress({ phase: "ready", message: "kernel ready", fraction: 1 });
        readiness.resolve();
        return;
      case "built":
        settle(msg.id, true, msg.result);
        if (currentBuild === null && phase === "building")
          progress({ phase: "ready", message: "kernel ready", fraction: 1 });
        return;
      case "exported":
        settle(msg.id, true, msg.bytes);
        return;
      case "done":
        settle(msg.id, true, undefined);
        return;
      case "failed":
        settle(msg.id, false, msg.error);
        if (currentBuild === null && phase === "building")
          progress({ phase: "ready", message: "kernel ready", fraction: 1 });
        return;
      case "recycle":
        recycleWanted = true;
        maybeRecycle();
        return;
      case "fatal":
        if (msg.error.code === "LOAD_FAILED") loadFailed(msg.error);
        else crash(msg.error.message);
        return;
      default:
        unreachable(msg);
    }
  }

  /** OpenCascade cannot start here: fail everything; a later request tries a fresh worker. */
  function loadFailed(error: KernelErrorData): void {
    stopWorker();
    failure = error;
    for (const id of [...pending.keys()]) settle(id, false, error);
    progress({ phase: "failed", message: error.message, fraction: null });
    readiness.reject(new KernelError(error.code, error.message));
    readiness = deferred();
  }

  function crash(message: string): void {
    const reason = { code: "KERNEL_CRASHED" as const, message };
    recycleWanted = false;
    stopWorker();
    crashesInARow++;
    const build = currentBuild === null ? undefined : pending.get(currentBuild);
    // Exports and disposes in flight are not retried: they may be what crashed it.
    for (const [id, p] of [...pending]) {
      if (p === build) continue;
      if (p.request.type === "dispose") settle(id, true, undefined);
      else settle(id, false, reason);
    }
    if (build && ++build.crashes > 1) {
      settle(build.request.id, false, {
        code: "KERNEL_CRASHED",
        message: `this model crashed the kernel twice: ${message}`,
      });
      lastBuild = null;
    }
    if (crashesInARow > maxRestarts) {
      failure = { code: "KERNEL_CRASHED", message: `the kernel keeps crashing: ${message}` };
      for (const id of [...pending.keys()]) settle(id, false, failure);
      progress({ phase: "failed", message: failure.message, fraction: null });
      readiness.reject(new KernelError(failure.code, failure.message));
      readiness = deferred();
      return;
    }
    replace(reason);
  }

  /** A fresh worker, sent the build that was waiting, or else the last one. */
  function replace(reason: RestartEvent["reason"]): void {
    restarts++;
    readiness = deferred();
    start();
    progress({ phase: "loading", message: "restarting the kernel", fraction: null });
    let rebuilt: Promise<BuildResult | null> | null = null;
    const again = currentBuild === null ? undefined : pending.get(currentBuild);
    if (again) send(again.request);
    else if (lastBuild) {
      const { model, options: o } = lastBuild;
      rebuilt = client.build(model, o).catch(() => null);
    }
    options.onRestart?.({ reason, restarts, rebuilt });
  }

  function stopWorker(): void {
    const w = worker;
    worker = null;
    try {
      w?.terminate();
    } catch {
      /* already gone */
    }
  }

  const client: WorkerKernelClient = {
    build(model, opts) {
      // A function cannot be posted: progress comes back as `progress` messages instead.
      const { onFeature: _local, ...plain } = opts ?? {};
      const buildOptions = opts ? plain : undefined;
      if (currentBuild !== null) {
        const old = pending.get(currentBuild);
        pending.delete(currentBuild);
        currentBuild = null;
        old?.reject(new BuildCancelled());
      }
      const p = request<BuildResult>((id) => {
        currentBuild = id;
        return buildOptions
          ? { type: "build", id, model, options: buildOptions }
          : { type: "build", id, model };
      });
      if (phase !== "disposed" && currentBuild !== null) {
        lastBuild = buildOptions ? { model, options: buildOptions } : { model };
        if (phase === "ready") progress({ phase: "building", message: "building", fraction: null });
      }
      return p;
    },
    exportStep(model) {
      return request<Uint8Array>((id) => ({ type: "exportStep", id, model }));
    },
    exportStl(model) {
      return request<Uint8Array>((id) => ({ type: "exportStl", id, model }));
    },
    async dispose() {
      if (phase === "disposed") return;
      for (const [id, p] of [...pending]) {
        pending.delete(id);
        p.reject(new KernelError("DISPOSED", "the kernel was disposed"));
      }
      currentBuild = null;
      lastBuild = null;
      if (worker && phase !== "loading") {
        // Let the worker free OpenCascade's objects; terminating frees them anyway.
        const bye = request<void>((id) => ({ type: "dispose", id }));
        await Promise.race([bye.catch(() => undefined), delay(options.disposeTimeoutMs ?? 1000)]);
      }
      stopWorker();
      for (const [id, p] of [...pending]) {
        pending.delete(id);
        p.reject(new KernelError("DISPOSED", "the kernel was disposed"));
      }
      readiness.reject(new KernelError("DISPOSED", "the kernel was disposed"));
      progress({ phase: "disposed", message: "kernel disposed", fraction: null });
    },
    get phase() {
      return phase;
    },
    get restarts() {
      return restarts;
    },
    ready() {
      if (phase === "disposed")
        return Promise.reject(new KernelError("DISPOSED", "the kernel was disposed"));
      if (failure && !worker) return Promise.reject(new KernelError(failure.code, failure.message));
      if (!worker) start();
      return readiness.promise;
    },
  };

  start();
  return client;
}

function toError(e: KernelErrorData): Error {
  return e.code === "BUILD_CANCELLED" ? new BuildCancelled() : new KernelError(e.code, e.message);
}

function eventText(ev: Event): string {
  const e = ev as Partial<ErrorEvent>;
  return e.message || (e.error instanceof Error ? e.error.message : "") || ev.type || "error";
}

interface Deferred {
  promise: Promise<void>;
  resolve(): void;
  reject(e: Error): void;
}

function deferred(): Deferred {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // A readiness nobody waits for must not be an unhandled rejection.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

const delay = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
