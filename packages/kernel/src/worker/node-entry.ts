/** The kernel worker's entry under node:worker_threads: `spawnNodeWorker(new URL(this file))`. */
import { createInProcessKernel } from "../client/in-process.ts";
import { serveKernel } from "./host.ts";
import { nodeHostPort } from "./node.ts";

serveKernel(nodeHostPort(), { createKernel: createInProcessKernel });
