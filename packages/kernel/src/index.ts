/**
 * @kerf/kernel: plain data in, plain data out. Nothing exported here hands out an OpenCascade
 * object; the worker host (src/worker/) uses client/service.ts directly.
 */
export * from "./types.ts";
export { BuildCancelled } from "./build/errors.ts";
export { createInProcessKernel } from "./client/in-process.ts";
