/**
 * The kernel's browser Web Worker entry (a module worker bundled by Vite):
 * `new Worker(new URL("@kerf/kernel/src/worker/worker.ts", import.meta.url), { type: "module" })`.
 * The .wasm comes in as a Vite asset URL: replicad-opencascadejs would otherwise look for it
 * next to its own JS via `new URL(…, import.meta.url)`, which dependency pre-bundling breaks.
 */
import wasmUrl from "replicad-opencascadejs/wasm?url";
import { createInProcessKernel } from "../client/in-process.ts";
import { serveKernel, type HostPort } from "./host.ts";
import { wasmOverrides } from "./wasm-loader.ts";

serveKernel(self as unknown as HostPort, {
  createKernel: createInProcessKernel,
  ocOverrides: (hooks) => wasmOverrides(wasmUrl, hooks),
});
