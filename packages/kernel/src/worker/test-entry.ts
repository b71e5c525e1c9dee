/**
 * TEST ONLY: the Node worker entry plus hooks to kill the worker in the ways a browser worker
 * dies, so client.test.ts can check recovery. Production entries (worker.ts, node-entry.ts) have
 * no such message.
 */
import { parentPort, workerData } from "node:worker_threads";
import { createInProcessKernel } from "../client/in-process.ts";
import { serveKernel } from "./host.ts";
import { nodeHostPort } from "./node.ts";
import { wasmOverrides } from "./wasm-loader.ts";

/** The test-only message. */
export interface CrashMessage {
  type: "__test_crash";
  /** `exit`: the thread exits; `throw`: an uncaught exception; `abort`: WASM aborts. */
  how: "exit" | "throw" | "abort";
}

/** A model with this name kills the worker that receives it (a "poison" model). */
const POISON = "__test_poison";

const { recycleAboveBytes, wasmUrl } = workerData as {
  recycleAboveBytes?: number;
  /** Load the .wasm from this URL as worker.ts does in a browser (wasm-loader.ts). */
  wasmUrl?: string;
};
const host = serveKernel(nodeHostPort(), {
  createKernel: createInProcessKernel,
  ...(recycleAboveBytes !== undefined ? { recycleAboveBytes } : {}),
  ...(wasmUrl ? { ocOverrides: (hooks) => wasmOverrides(wasmUrl, hooks) } : {}),
});

parentPort?.on("message", (m: Partial<CrashMessage> & { model?: { name?: string } }) => {
  if (m.model?.name === POISON) process.exit(71);
  if (m.type !== "__test_crash") return;
  switch (m.how) {
    case "exit":
      process.exit(70);
      break;
    case "throw":
      setTimeout(() => {
        throw new Error("test: fatal error in the kernel worker");
      });
      break;
    case "abort":
      // What Emscripten's abort() does first: call Module.onAbort (the host's hook).
      void host.started.then(() => {
        const oc = host.oc as unknown as { onAbort?: (what: string) => void };
        oc.onAbort?.("test abort");
      });
      break;
  }
});
