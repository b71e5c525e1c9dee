/**
 * Normalising what OpenCascade throws into plain text (guide habit 3, after replicad-evaluator's
 * formatException). This build uses native WebAssembly exceptions: a failed OCCT call throws a
 * `WebAssembly.Exception` whose type and message only `oc.getExceptionMessage` can read. Older
 * builds threw a bare number (a pointer to the C++ exception); both are handled.
 */
import type { OC } from "./load.ts";

export interface OcFailure {
  /** OCCT exception type, e.g. `StdFail_NotDone`, or `Error` for JS errors. */
  type: string;
  /** OpenCascade's own text (kept verbatim for KERNEL_FAILURE, D6). */
  message: string;
}

function isWasmException(e: unknown): boolean {
  const WA = (globalThis as { WebAssembly?: { Exception?: new (...a: never[]) => unknown } })
    .WebAssembly;
  return !!WA?.Exception && e instanceof WA.Exception;
}

/** Turn anything thrown while calling OpenCascade into `{type, message}`. Never throws. */
export function ocFailure(oc: OC, e: unknown): OcFailure {
  try {
    if (isWasmException(e)) {
      const [type, message] = oc.getExceptionMessage(e as never) as [string, string | undefined];
      try {
        // The C++ exception object is refcounted; JS caught it, so JS releases it.
        oc.decrementExceptionRefcount(e as never);
      } catch {
        /* older runtimes free it themselves */
      }
      return { type: type || "Standard_Failure", message: message ?? "" };
    }
    if (typeof e === "number") {
      const failure = oc.OCJS.getStandard_FailureData(e);
      try {
        return { type: failure.ExceptionType(), message: failure.what() };
      } finally {
        failure.delete();
      }
    }
  } catch {
    // fall through to the generic text below
  }
  if (e instanceof Error) return { type: e.name || "Error", message: e.message };
  return { type: "Error", message: String(e) };
}

/** One line: `StdFail_NotDone: BRep_API: command not done`. */
export function formatOcFailure(f: OcFailure): string {
  return f.message ? `${f.type}: ${f.message}` : f.type;
}
