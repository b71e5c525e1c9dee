/**
 * The app's side of the kernel: one KernelClient (OpenCascade in a Web Worker), its loading and
 * building state for the UI, and builds that supersede each other (only the newest result is
 * delivered).
 */
import type { BuildOptions, BuildResult, KernelClient } from "@kerf/kernel";
import type { Model } from "@kerf/document";
import type { KernelEvents, KernelProgress, RestartEvent } from "./create-client.ts";

export type KernelPhase = "loading" | "ready" | "failed";

export type BuildOutcome =
  | { kind: "done"; result: BuildResult; ms: number }
  | { kind: "superseded" }
  | { kind: "failed"; message: string };

const isCancelled = (e: unknown): boolean =>
  e instanceof Error && (e.name === "BuildCancelled" || /cancel|supersed/i.test(e.message));

const capitalised = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

export class KernelHost {
  phase = $state<KernelPhase>("loading");
  /** Builds in flight (a newer one supersedes older ones). */
  pending = $state(0);
  /** What the kernel is doing, for the status bar and the loading card. */
  activity = $state("Loading geometry kernel…");
  /** 0..1 while loading when the download size is known; null when unknown. */
  progress = $state<number | null>(null);
  /** ms from page start until OpenCascade was ready in the worker. */
  readyAt = $state<number | null>(null);
  lastBuildMs = $state<number | null>(null);
  failure = $state<string | null>(null);
  /** Workers replaced after a crash. */
  restarts = $state(0);
  /** Told when the worker was replaced after a crash (the app shows a notice). */
  onRestart: ((e: RestartEvent) => void) | null = null;
  private serial = 0;

  private readonly client: KernelClient;

  constructor(make: (events: KernelEvents) => KernelClient) {
    this.client = make({
      progress: (p) => this.onProgress(p),
      restarted: (e) => {
        this.restarts = e.restarts;
        this.onRestart?.(e);
      },
    });
  }

  get building(): boolean {
    return this.pending > 0;
  }

  private onProgress(p: KernelProgress): void {
    switch (p.phase) {
      case "loading":
        this.phase = "loading";
        this.progress = p.fraction;
        this.activity =
          p.fraction === null
            ? `${capitalised(p.message)}…`
            : `${capitalised(p.message)}… ${Math.round(p.fraction * 100)}%`;
        return;
      case "ready":
      case "building":
        if (this.phase !== "ready") this.readyAt ??= performance.now();
        this.phase = "ready";
        this.progress = null;
        this.failure = null;
        // The worker says what it builds ("building 5 features").
        this.activity =
          this.pending === 0
            ? "Ready"
            : p.phase === "building" && /^building /.test(p.message)
              ? `Re${p.message}…`
              : "Rebuilding…";
        return;
      case "failed":
        this.phase = "failed";
        this.progress = null;
        this.failure = p.message;
        this.activity = "Kernel failed";
        return;
      case "disposed":
        return;
      default:
        p.phase satisfies never;
    }
  }

  async build(model: Model, options: BuildOptions): Promise<BuildOutcome> {
    const mine = ++this.serial;
    this.pending++;
    if (this.phase === "ready") this.activity = "Rebuilding…";
    const t0 = performance.now();
    try {
      const result = await this.client.build(model, options);
      if (mine !== this.serial) return { kind: "superseded" };
      const ms = performance.now() - t0;
      this.lastBuildMs = ms;
      return { kind: "done", result, ms };
    } catch (e) {
      if (isCancelled(e) || mine !== this.serial) return { kind: "superseded" };
      const message = e instanceof Error ? e.message : String(e);
      return { kind: "failed", message };
    } finally {
      this.pending--;
      if (this.pending === 0 && this.phase === "ready") this.activity = "Ready";
    }
  }

  exportFile(model: Model, format: "step" | "stl"): Promise<Uint8Array> {
    return format === "step" ? this.client.exportStep(model) : this.client.exportStl(model);
  }
}
