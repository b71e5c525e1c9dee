/**
 * The messages between the main thread (client.ts) and the kernel worker (host.ts).
 *
 * Everything here is plain, structured-cloneable data: models and results go across as they are
 * (mesh and export buffers are transferred, not copied), and failures as `{code, message}` with
 * OpenCascade's own text kept (guide habit 3). No Error object, and certainly no OpenCascade
 * exception, ever crosses the boundary.
 */
import type { Model } from "@kerf/document";
import type { BuildOptions, BuildResult } from "../types.ts";

/** Correlates a response with its request; unique per client (not per worker). */
export type RequestId = number & { readonly __brand: "RequestId" };
export const requestId = (n: number): RequestId => n as RequestId;

/** Main thread → worker. */
export type KernelRequest =
  | { type: "build"; id: RequestId; model: Model; options?: BuildOptions }
  | { type: "exportStep"; id: RequestId; model: Model }
  | { type: "exportStl"; id: RequestId; model: Model }
  /** Free the kernel's WASM objects; answered with `done` (the client then terminates). */
  | { type: "dispose"; id: RequestId };

export type KernelRequestType = KernelRequest["type"];

/**
 * Failure codes. `BUILD_CANCELLED`: a newer build superseded it. `KERNEL_FAILURE`: OpenCascade
 * threw (its text kept). `KERNEL_CRASHED`: the worker died or WASM aborted (ai.md T1.3); the
 * client restarts it. `LOAD_FAILED`: OpenCascade could not start. `DISPOSED`: the client was
 * disposed. `INTERNAL`: a bug (any other exception), with its message.
 */
export type KernelErrorCode =
  "BUILD_CANCELLED" | "KERNEL_FAILURE" | "KERNEL_CRASHED" | "LOAD_FAILED" | "DISPOSED" | "INTERNAL";

/** A failure as plain data. */
export interface KernelErrorData {
  code: KernelErrorCode;
  message: string;
}

/** What the worker is doing, for a progress UI. */
export type KernelPhase = "loading" | "ready" | "building" | "failed";

/** Worker → main thread. */
export type KernelResponse =
  /**
   * Sent first thing (phase `loading`, "loading OpenCascade"), while downloading the WASM
   * (`fraction` 0…1 when the size is known, else null), and per feature while building
   * ("building feature k/n") when the kernel reports it.
   */
  | {
      type: "progress";
      phase: "loading" | "building";
      message: string;
      fraction: number | null;
      /** The build this is about (phase `building`). */
      id?: RequestId;
    }
  /** OpenCascade is loaded; requests are served from now on. `ms` = start-up time. */
  | { type: "ready"; ms: number }
  | { type: "built"; id: RequestId; result: BuildResult }
  | { type: "exported"; id: RequestId; bytes: Uint8Array }
  /**
   * OpenCascade's heap passed the host's limit (`bytes` now). WASM memory never shrinks and
   * OpenCascade does not reuse all it frees, so a long session grows it towards the 4 GB cap: the
   * client replaces the worker at its next idle moment, before that becomes a crash. Sent once.
   */
  | { type: "recycle"; bytes: number }
  /** Answer to `dispose`. */
  | { type: "done"; id: RequestId }
  /** One request failed; the worker carries on. */
  | { type: "failed"; id: RequestId; error: KernelErrorData }
  /**
   * The worker cannot carry on (WASM aborted, or OpenCascade failed to load: code
   * `KERNEL_CRASHED` / `LOAD_FAILED`). The client terminates it and, after a crash, starts a
   * fresh one.
   */
  | { type: "fatal"; error: KernelErrorData };

export type KernelResponseType = KernelResponse["type"];

/** Exhaustiveness check for switches over these unions (guide habit 1). */
export function unreachable(x: never): never {
  throw new Error(`unexpected message ${JSON.stringify(x)}`);
}

/** A cheap structural check on what arrives at the worker (messages are not trusted types). */
export function isKernelRequest(x: unknown): x is KernelRequest {
  if (typeof x !== "object" || x === null) return false;
  const m = x as { type?: unknown; id?: unknown };
  return (
    typeof m.id === "number" &&
    (m.type === "build" ||
      m.type === "exportStep" ||
      m.type === "exportStl" ||
      m.type === "dispose")
  );
}
