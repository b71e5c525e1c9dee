/**
 * The kernel the assistant builds previews with: a KernelClient of its own (a second worker in
 * the app), so a preview never supersedes, cancels or delays the live view's build. It is made on
 * first use (a session that never previews costs nothing) and runs one build at a time, so two
 * preview builds never cancel each other either.
 */
import type { Model } from "@kerf/document";
import type { BuildOptions, BuildResult, KernelClient } from "@kerf/kernel";

export class SandboxKernel implements KernelClient {
  #client: Promise<KernelClient> | null = null;
  #tail: Promise<unknown> = Promise.resolve();
  #disposed = false;
  /** Builds started (for tests and the Tools panel). */
  builds = 0;

  constructor(private readonly create: () => Promise<KernelClient>) {}

  get started(): boolean {
    return this.#client !== null;
  }

  #get(): Promise<KernelClient> {
    if (this.#disposed) return Promise.reject(new Error("the preview kernel was shut down"));
    if (!this.#client) {
      this.#client = this.create();
      // A client that failed to start is retried on the next call.
      this.#client.catch(() => (this.#client = null));
    }
    return this.#client;
  }

  #serial<T>(run: (c: KernelClient) => Promise<T>): Promise<T> {
    const next = this.#tail.catch(() => undefined).then(async () => run(await this.#get()));
    this.#tail = next;
    return next;
  }

  build(model: Model, options?: BuildOptions): Promise<BuildResult> {
    this.builds++;
    return this.#serial((c) => c.build(model, options));
  }

  exportStep(model: Model): Promise<Uint8Array> {
    return this.#serial((c) => c.exportStep(model));
  }

  exportStl(model: Model): Promise<Uint8Array> {
    return this.#serial((c) => c.exportStl(model));
  }

  async dispose(): Promise<void> {
    this.#disposed = true;
    const c = this.#client;
    this.#client = null;
    if (c) await (await c.catch(() => null))?.dispose();
  }
}
