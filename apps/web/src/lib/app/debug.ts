/**
 * `window.kerf`: a small read-only handle for end-to-end tests and measurements (time to first
 * shaded model, picking time). It changes nothing in the document.
 */
import type { Viewport } from "../viewer/viewport.ts";
import type { Workbench } from "./workbench.svelte.ts";

export interface KerfDebug {
  metrics: {
    /** ms from navigation start to the first frame that showed a body. */
    firstModelMs: number | null;
    /** ms from navigation start until OpenCascade was ready in the kernel worker. */
    kernelReadyMs: number | null;
    triangles: number;
  };
  /** World point → client (CSS pixel) coordinates. */
  project(p: [number, number, number]): { x: number; y: number };
  /** What is under a client point. */
  pickAt(x: number, y: number): { kind: string; ref: string } | null;
  /** The camera is still and every requested frame has been drawn. */
  viewIdle(): boolean;
  /** Resolves when the body's picking BVH is ready. */
  pickable(): Promise<void>;
  /** Time `n` picks spread over the viewport. */
  pickBench(n: number): {
    triangles: number;
    picks: number;
    hits: number;
    meanMs: number;
    maxMs: number;
    p95Ms: number;
  };
  /** A summary of the app state. */
  state(): {
    doc: string | null;
    features: { id: string; status: string; error?: string }[];
    volume: number | null;
    selection: string[];
    building: boolean;
    kernel: string;
  };
  /** The document's text form. */
  text(): string | null;
  /** Resolves when every change made so far is stored in IndexedDB. */
  flushed(): Promise<void>;
}

declare global {
  interface Window {
    kerf?: KerfDebug;
  }
}

export function installDebugHandle(wb: Workbench, v: Viewport): () => void {
  const handle: KerfDebug = {
    metrics: {
      firstModelMs: null,
      get kernelReadyMs() {
        return wb.kernel.readyAt;
      },
      triangles: 0,
    },
    project: (p) => v.project(p),
    pickAt: (x, y) => {
      const h = v.pick(x, y);
      return h ? { kind: h.kind, ref: h.ref } : null;
    },
    viewIdle: () => v.idle,
    pickable: () => v.whenPickable(),
    pickBench: (n) => {
      const r = v.canvas.getBoundingClientRect();
      const times: number[] = [];
      let hits = 0;
      for (let i = 0; i < n; i++) {
        // A deterministic spiral over the middle of the viewport.
        const a = i * 2.399963;
        const rad = Math.sqrt((i + 0.5) / n) * 0.45;
        const x = r.left + r.width * (0.5 + rad * Math.cos(a));
        const y = r.top + r.height * (0.5 + rad * Math.sin(a));
        const t0 = performance.now();
        const hit = v.pick(x, y);
        times.push(performance.now() - t0);
        if (hit) hits++;
      }
      times.sort((p, q) => p - q);
      const mean = times.reduce((s, t) => s + t, 0) / Math.max(1, times.length);
      return {
        triangles: v.triangleCount,
        picks: n,
        hits,
        meanMs: mean,
        maxMs: times.at(-1) ?? 0,
        p95Ms: times[Math.floor(times.length * 0.95)] ?? 0,
      };
    },
    state: () => ({
      doc: wb.doc?.id ?? null,
      features: (wb.result?.features ?? []).map((f) => ({
        id: f.id,
        status: f.status,
        ...(f.error ? { error: `${f.error.code}: ${f.error.message}` } : {}),
      })),
      volume: wb.result?.body?.volume ?? null,
      selection: [...wb.selection],
      building: wb.kernel.building,
      kernel: wb.kernel.phase,
    }),
    text: () => wb.doc?.text() ?? null,
    flushed: () => wb.doc?.flush() ?? Promise.resolve(),
  };
  v.onRender = () => {
    handle.metrics.triangles = v.triangleCount;
    if (handle.metrics.firstModelMs === null && v.triangleCount > 0) {
      handle.metrics.firstModelMs = performance.now();
      performance.mark("kerf:first-model");
    }
  };
  window.kerf = handle;
  return () => {
    if (window.kerf === handle) delete window.kerf;
    v.onRender = null;
  };
}
