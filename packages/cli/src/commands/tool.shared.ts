/**
 * What `kerf tool` and `kerf chat` share: a model file opened as an AI session on a real
 * in-process kernel, and checked `--select` refs. Not a command (the file name has a dot).
 * OpenCascade's own printing is kept off stdout by the kernel (oc/print.ts, C5).
 */
import { isValidId, parseRef } from "@kerf/document";
import type { KernelClient } from "@kerf/kernel";
import type { NodeSession } from "@kerf/ai";
import { readInput, UsageError } from "../command.ts";
import type { Io } from "../io.ts";

export interface OpenedModel {
  session: NodeSession;
  kernel: KernelClient;
}

/** Reads `path`, loads it into a Node session with a fresh in-process kernel (C1: 2 when unusable). */
export async function openModel(
  io: Io,
  path: string,
  selection: readonly string[],
): Promise<OpenedModel> {
  const text = await readInput(io, path);
  // Loaded lazily: `kerf --help` imports every command and must not load OpenCascade.
  const [{ createNodeSession }, { createInProcessKernel }] = await Promise.all([
    import("@kerf/ai"),
    import("@kerf/kernel"),
  ]);
  const kernel = await createInProcessKernel();
  try {
    return { session: createNodeSession(text, kernel, selection), kernel };
  } catch (e) {
    await kernel.dispose();
    const why = e instanceof Error ? e.message : String(e);
    throw new UsageError(`"${path}" is not a usable Kerf model (${why}); run kerf validate on it.`);
  }
}

/** `--select` values: face refs, edge refs or feature ids; anything else is a usage error. */
export function checkSelection(refs: readonly string[], usage: string): string[] {
  for (const ref of refs) {
    const ok =
      ref.startsWith("face:") || ref.startsWith("edge:") ? parseRef(ref).ok : isValidId(ref);
    if (!ok) {
      throw new UsageError(
        `--select "${ref}" is neither a face ref, an edge ref nor a feature id. Usage: ${usage}`,
      );
    }
  }
  return [...refs];
}
