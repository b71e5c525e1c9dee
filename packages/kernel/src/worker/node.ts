/**
 * node:worker_threads adapters for the kernel worker (tests, Node tools): the main side as a
 * WorkerLike for createWorkerKernel, the worker side as a HostPort for serveKernel.
 */
import { parentPort, Worker } from "node:worker_threads";
import type { WorkerLike } from "./client.ts";
import type { HostPort } from "./host.ts";

const BOOT = new URL("./node-boot.mjs", import.meta.url);

type Listener = (event: Event) => void;

/**
 * Start `entry` (a .ts or .js module URL) in a worker thread; `workerData` reaches it as
 * node:worker_threads' `workerData`. The thread ending on its own (a
 * crash, `process.exit`) is reported as an `error` event, as a browser reports a dead worker.
 */
export function spawnNodeWorker(entry: URL, workerData: Record<string, unknown> = {}): WorkerLike {
  const worker = new Worker(BOOT, { workerData: { ...workerData, kerfEntry: entry.href } });
  const listeners: Record<string, Listener[]> = { message: [], error: [], messageerror: [] };
  const emit = (type: string, event: object): void =>
    listeners[type]?.forEach((l) => l(event as Event));
  let terminated = false;
  worker.on("message", (data: unknown) => emit("message", { type: "message", data }));
  worker.on("messageerror", (error: Error) =>
    emit("messageerror", { type: "messageerror", error }),
  );
  worker.on("error", (error: Error) =>
    emit("error", { type: "error", error, message: error.message }),
  );
  worker.on("exit", (code: number) => {
    if (!terminated) emit("error", { type: "error", message: `worker exited with code ${code}` });
  });
  return {
    postMessage: (message, transfer) => worker.postMessage(message, transfer as never),
    addEventListener: (type, listener) => listeners[type]?.push(listener),
    terminate: () => {
      terminated = true;
      void worker.terminate();
    },
  };
}

/** `parentPort` as a HostPort (inside a worker thread). */
export function nodeHostPort(): HostPort {
  const port = parentPort;
  if (!port) throw new Error("nodeHostPort: not inside a worker thread");
  const host: HostPort = {
    postMessage: (message, transfer) => port.postMessage(message, transfer as never),
    onmessage: null,
  };
  port.on("message", (data: unknown) => host.onmessage?.({ data }));
  return host;
}
