import { svelte } from "@sveltejs/vite-plugin-svelte";
import { defineConfig } from "vite";

/**
 * replicad-opencascadejs's Emscripten glue has a Node branch (`await import("node:module")`) that
 * never runs in a browser; Vite replaces the module with an empty stub and says so on every
 * build. That one notice is expected: everything else still reaches the console.
 */
function quietNodeBranch(
  level: string,
  log: { message: string },
  handler: (level: never, log: never) => void,
): void {
  if (/"node:module" has been externalized/.test(log.message)) return;
  handler(level as never, log as never);
}

// The app bundle. The kernel runs in a module Web Worker (bundled by Vite from
// `new Worker(new URL(...), { type: "module" })` in src/lib/kernel/create-client.ts); the worker
// imports OpenCascade's .wasm with `?url`, so it is emitted as a hashed asset and fetched (and
// compiled while streaming) by the worker. server.mjs serves it as application/wasm.
export default defineConfig({
  plugins: [svelte()],
  worker: {
    format: "es",
    // Reading the 23 MB .wasm asset makes Rolldown's "slow plugin" notice fire; nothing is wrong.
    rolldownOptions: { onLog: quietNodeBranch, checks: { bundlerTimings: false } },
  },
  build: {
    target: "es2022",
    // The main chunk (three.js, Svelte, Yjs) is about 1.4 MB; the kernel is in the worker.
    chunkSizeWarningLimit: 4096,
    sourcemap: false,
    // Rolldown's "plugins took most of the build" notice: svelte compiling is expected to.
    rolldownOptions: { onLog: quietNodeBranch, checks: { bundlerTimings: false } },
  },
  // Packages that start their own workers or load .wasm stay out of dev pre-bundling.
  optimizeDeps: { exclude: ["replicad-opencascadejs", "three-mesh-bvh"] },
  server: { port: 5173 },
});
