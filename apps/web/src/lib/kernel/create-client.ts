/**
 * The kernel client the app uses: OpenCascade in a module Web Worker (`@kerf/kernel/worker`,
 * bundled by Vite together with its .wasm asset), behind the kernel's own worker client, which
 * supersedes builds and restarts a crashed worker. The worker URL must be a static string for
 * Vite to bundle it (Vite resolves the bare specifier through the package's exports).
 */
import type { KernelClient } from "@kerf/kernel";
import {
  createWorkerKernel,
  type KernelProgress,
  type RestartEvent,
} from "@kerf/kernel/worker-client";

export type { KernelProgress, RestartEvent };

export interface KernelEvents {
  /** Loading, ready, building, failed: what the worker says it is doing. */
  progress(p: KernelProgress): void;
  /** The worker died and a fresh one replaced it. */
  restarted(e: RestartEvent): void;
}

/** Start a kernel worker; the app's main kernel (KernelHost) follows it through `events`. */
export function spawnKernel(events: Partial<KernelEvents> = {}): KernelClient {
  return createWorkerKernel(
    () =>
      new Worker(new URL("@kerf/kernel/worker", import.meta.url), {
        type: "module",
        name: "kerf-kernel",
      }),
    { onProgress: (p) => events.progress?.(p), onRestart: (e) => events.restarted?.(e) },
  );
}

/**
 * Another kernel worker of its own (e.g. the assistant's preview kernel), resolved once
 * OpenCascade is ready in it; `onProgress` hears its loading.
 */
export async function createKernelClient(
  onProgress?: (fraction: number | null, text: string) => void,
): Promise<KernelClient> {
  const client = createWorkerKernel(
    () =>
      new Worker(new URL("@kerf/kernel/worker", import.meta.url), {
        type: "module",
        name: "kerf-kernel-2",
      }),
    { onProgress: (p) => onProgress?.(p.fraction, p.message) },
  );
  await client.ready();
  return client;
}
