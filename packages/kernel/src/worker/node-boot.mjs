// Boots a TypeScript worker entry under node:worker_threads (tests, Node tools). tsx's loader must
// be registered before the entry is imported: in Node 20, `execArgv: ["--import", "tsx"]`
// registers it too late for the worker's own entry (ERR_UNKNOWN_FILE_EXTENSION ".ts").
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.kerfEntry);
