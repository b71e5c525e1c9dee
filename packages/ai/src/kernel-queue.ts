/**
 * Builds the AI starts (sandbox previews, and the Node session's live build) go through one queue
 * per KernelClient: a client supersedes an older build with a newer one (kernel/types.ts), so two
 * preview_change calls running in parallel (L4) must not cancel each other.
 */
import type { Model } from "@kerf/document";
import type { BuildOptions, BuildResult, KernelClient } from "@kerf/kernel";

const tails = new WeakMap<KernelClient, Promise<unknown>>();

export function queuedBuild(
  kernel: KernelClient,
  model: Model,
  options?: BuildOptions,
): Promise<BuildResult> {
  const previous = tails.get(kernel) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(() => buildOnce(kernel, model, options));
  tails.set(kernel, next);
  return next;
}

async function buildOnce(
  kernel: KernelClient,
  model: Model,
  options?: BuildOptions,
): Promise<BuildResult> {
  try {
    return await kernel.build(model, options);
  } catch (e) {
    // Someone else (e.g. the app on a shared client) started a newer build: ours was cancelled,
    // not broken. One retry; a second cancellation is reported.
    if ((e as { name?: string })?.name === "BuildCancelled") return kernel.build(model, options);
    throw e;
  }
}
