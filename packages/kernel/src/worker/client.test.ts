/**
 * The kernel worker end to end under node:worker_threads, with real OpenCascade on both sides:
 * the worker's answers equal the in-process kernel's, mesh buffers are transferred, a newer
 * build cancels an older one, a crashed worker is replaced and the last build re-sent, dispose
 * terminates.
 */
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { MessageChannel } from "node:worker_threads";
import type { Model } from "@kerf/document";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { doc, example } from "../build/testing.ts";
import { createInProcessKernel } from "../client/in-process.ts";
import type { BuildResult, KernelClient } from "../types.ts";
import {
  BuildCancelled,
  createWorkerKernel,
  KernelError,
  type KernelProgress,
  type RestartEvent,
  type WorkerKernelClient,
  type WorkerKernelOptions,
  type WorkerLike,
} from "./client.ts";
import { builtMessage } from "./host.ts";
import { spawnNodeWorker } from "./node.ts";
import { requestId } from "./protocol.ts";
import type { CrashMessage } from "./test-entry.ts";

// A DOM Worker is a WorkerLike as it is (checked by the type checker only).
const _domWorkerFits = (w: Worker): WorkerLike => w;
void _domWorkerFits;

const ENTRY = new URL("./test-entry.ts", import.meta.url);

interface Harness {
  kernel: WorkerKernelClient;
  /** Every worker spawned, newest last. */
  workers: WorkerLike[];
  terminated: WorkerLike[];
  progress: KernelProgress[];
  restarts: RestartEvent[];
  crash(how: CrashMessage["how"]): void;
}

/** `workerData(k)`: what the k-th worker spawned gets (test-entry.ts reads it). */
function harness(
  options: WorkerKernelOptions = {},
  workerData: (k: number) => Record<string, unknown> = () => ({}),
): Harness {
  const h: Harness = {
    kernel: undefined as unknown as WorkerKernelClient,
    workers: [],
    terminated: [],
    progress: [],
    restarts: [],
    crash: (how) => {
      const msg: CrashMessage = { type: "__test_crash", how };
      h.workers.at(-1)!.postMessage(msg as never, []);
    },
  };
  h.kernel = createWorkerKernel(
    () => {
      const w = spawnNodeWorker(ENTRY, workerData(h.workers.length));
      const terminate = w.terminate.bind(w);
      w.terminate = () => {
        h.terminated.push(w);
        terminate();
      };
      h.workers.push(w);
      return w;
    },
    {
      onProgress: (p) => h.progress.push(p),
      onRestart: (e) => h.restarts.push(e),
      ...options,
    },
  );
  return h;
}

/** A plate with n pockets: enough features that a build takes a while. */
function pockets(n: number, depth = 10): Model {
  let xml = `<sketch id="s0" plane="XY"><rect id="r0" x="0" y="0" width="${12 * n + 12}" height="30"/></sketch>
    <extrude id="e0" sketch="s0" distance="${depth}"/>`;
  for (let i = 1; i <= n; i++) {
    xml += `<sketch id="s${i}" plane="face:e0:top"><circle id="c${i}" cx="${12 * i}" cy="15" r="3"/></sketch>
      <extrude id="e${i}" sketch="s${i}" distance="4" direction="reverse" op="cut"/>`;
  }
  return doc(xml);
}

/** What must agree between two kernels (timings differ). */
function comparable(r: BuildResult) {
  return {
    features: r.features.map(({ id, type, status, error }) => ({ id, type, status, error })),
    body: r.body,
    topology: r.topology,
    mesh: r.mesh,
  };
}

let local: KernelClient;
let shared: Harness;
beforeAll(async () => {
  shared = harness();
  local = await createInProcessKernel();
});
afterAll(async () => {
  await shared.kernel.dispose();
  await local.dispose();
});

describe("kernel worker", () => {
  it("says 'loading OpenCascade' first, then ready", async () => {
    await shared.kernel.ready();
    expect(shared.kernel.phase).toBe("ready");
    const loading = shared.progress.findIndex((p) => p.message === "loading OpenCascade");
    const ready = shared.progress.findIndex((p) => p.phase === "ready");
    expect(loading).toBeGreaterThanOrEqual(0);
    expect(shared.progress[loading]!.phase).toBe("loading");
    expect(ready).toBeGreaterThan(loading);
  });

  it.each(["bracket", "knob", "plate"])(
    "builds %s exactly as the in-process kernel does",
    async (name) => {
      const model = example(name);
      const opts = { mesh: true };
      const [remote, here] = [
        await shared.kernel.build(model, opts),
        await local.build(model, opts),
      ];
      expect(remote.features.every((f) => f.status === "ok")).toBe(true);
      expect(comparable(remote)).toEqual(comparable(here));
      expect(remote.mesh!.indices.length).toBeGreaterThan(0);
    },
  );

  it("exports STEP and STL through the worker", async () => {
    const model = example("bracket");
    const [step, stl] = [
      await shared.kernel.exportStep(model),
      await shared.kernel.exportStl(model),
    ];
    expect(new TextDecoder().decode(step.subarray(0, 13))).toBe("ISO-10303-21;");
    expect(stl).toBeInstanceOf(Uint8Array);
    expect(stl.byteLength).toBe(await local.exportStl(model).then((b) => b.byteLength));
  });

  it("mesh buffers arrive as whole buffers of their own, one per array", async () => {
    const r = await shared.kernel.build(example("bracket"), { mesh: true });
    const m = r.mesh!;
    const arrays = [m.positions, m.normals, m.indices, ...m.edges.map((e) => e.positions)];
    for (const a of arrays) {
      expect(a.byteOffset).toBe(0);
      expect(a.byteLength).toBe(a.buffer.byteLength);
    }
    expect(new Set(arrays.map((a) => a.buffer)).size).toBe(arrays.length);
  });

  it("the host lists every mesh buffer for transfer and keeps the kernel's cached mesh intact", async () => {
    const r = await local.build(example("bracket"), { mesh: true });
    const m = r.mesh!;
    const before = m.positions.slice();
    const { message, transfer } = builtMessage(requestId(1), r);
    const sent = message.type === "built" ? message.result.mesh! : null;
    const sentArrays = [
      sent!.positions,
      sent!.normals,
      sent!.indices,
      ...sent!.edges.map((e) => e.positions),
    ];
    expect(transfer).toHaveLength(sentArrays.length);
    expect(new Set(transfer)).toEqual(new Set(sentArrays.map((a) => a.buffer)));

    const { port1, port2 } = new MessageChannel();
    const received = new Promise<unknown>((resolve) => port2.once("message", resolve));
    port1.postMessage(message, transfer as never);
    const got = (await received) as { result: BuildResult };
    port1.close();
    // Transferred: the sent arrays are detached on this side, not copied...
    expect(sent!.positions.byteLength).toBe(0);
    expect(sent!.edges[0]!.positions.byteLength).toBe(0);
    // ...they arrived whole, and the kernel's own (cached) mesh is untouched.
    expect(got.result.mesh!.positions).toEqual(before);
    expect(m.positions).toEqual(before);
  });

  it("a newer build supersedes an older one, which rejects with BuildCancelled", async () => {
    const first = shared.kernel.build(pockets(12), { mesh: true });
    const second = shared.kernel.build(pockets(3, 7), { mesh: true });
    const err = await first.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(BuildCancelled);
    expect((err as Error).name).toBe("BuildCancelled");
    const r = await second;
    expect(r.features).toHaveLength(8);
    expect(r.body!.bbox.max[2]).toBeCloseTo(7, 6);
    // The worker carries on serving.
    const again = await shared.kernel.build(pockets(3, 7));
    expect(again.body).toEqual(r.body);
  });
});

describe("kernel worker crashes", () => {
  it.each(["exit", "throw", "abort"] as const)(
    "a worker killed by %s is replaced and the pending build re-sent",
    async (how) => {
      const h = harness();
      try {
        await h.kernel.ready();
        const model = pockets(4);
        const building = h.kernel.build(model, { mesh: true });
        h.crash(how);
        const r = await building;
        expect(r.features.every((f) => f.status === "ok")).toBe(true);
        expect(comparable(r)).toEqual(comparable(await local.build(model, { mesh: true })));
        expect(h.kernel.restarts).toBe(1);
        expect(h.workers).toHaveLength(2);
        expect(h.terminated).toContain(h.workers[0]);
        expect(h.restarts[0]!.reason.code).toBe("KERNEL_CRASHED");
        if (how === "abort") expect(h.restarts[0]!.reason.message).toContain("test abort");
        expect(h.restarts[0]!.rebuilt).toBeNull(); // the build's own promise got the result
      } finally {
        await h.kernel.dispose();
      }
    },
  );

  it("after a crash while idle, the last build is rebuilt so exports keep working", async () => {
    const h = harness();
    try {
      const model = example("knob");
      const first = await h.kernel.build(model, { mesh: true });
      h.crash("exit");
      await expect.poll(() => h.restarts.length, { timeout: 30_000 }).toBe(1);
      const rebuilt = await h.restarts[0]!.rebuilt;
      expect(rebuilt && comparable(rebuilt)).toEqual(comparable(first));
      const stl = await h.kernel.exportStl(model);
      expect(stl.byteLength).toBeGreaterThan(84);
    } finally {
      await h.kernel.dispose();
    }
  });

  it("a model that crashes the worker twice rejects with KERNEL_CRASHED; the next build works", async () => {
    const h = harness();
    try {
      const poison = { ...pockets(1), name: "__test_poison" }; // test-entry.ts exits on it
      const err = await h.kernel.build(poison).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(KernelError);
      expect((err as KernelError).code).toBe("KERNEL_CRASHED");
      expect(h.kernel.restarts).toBe(2);
      const r = await h.kernel.build(pockets(1));
      expect(r.features.every((f) => f.status === "ok")).toBe(true);
    } finally {
      await h.kernel.dispose();
    }
  });
});

describe("kernel worker recycling", () => {
  it("a worker past its heap limit is replaced when idle and the last build rebuilt", async () => {
    // Only the first worker gets a limit it is always past.
    const h = harness({}, (k) => (k === 0 ? { recycleAboveBytes: 1 } : {}));
    try {
      const model = example("bracket");
      const r = await h.kernel.build(model, { mesh: true });
      await expect.poll(() => h.restarts.length, { timeout: 30_000 }).toBe(1);
      expect(h.restarts[0]!.reason.code).toBe("HEAP_LIMIT");
      const rebuilt = await h.restarts[0]!.rebuilt;
      expect(rebuilt && comparable(rebuilt)).toEqual(comparable(r));
      expect(h.terminated).toEqual([h.workers[0]]);
      expect(await h.kernel.exportStep(model)).toBeInstanceOf(Uint8Array);
    } finally {
      await h.kernel.dispose();
    }
  });

  it("waits while requests are pending", async () => {
    const h = harness({}, (k) => (k === 0 ? { recycleAboveBytes: 1 } : {}));
    try {
      const model = example("knob");
      // The export is sent before the build's answer (and its recycle request) arrives.
      const [r, stl] = await Promise.all([
        h.kernel.build(model, { mesh: true }),
        h.kernel.exportStl(model),
      ]);
      expect(r.features.every((f) => f.status === "ok")).toBe(true);
      expect(stl.byteLength).toBeGreaterThan(84);
      await expect.poll(() => h.restarts.length, { timeout: 30_000 }).toBe(1);
      expect(h.restarts[0]!.reason.code).toBe("HEAP_LIMIT");
    } finally {
      await h.kernel.dispose();
    }
  });
});

describe("loading the .wasm from a URL (wasm-loader.ts, as worker.ts does in a browser)", () => {
  let server: Server;
  let base = "";
  beforeAll(async () => {
    const wasm = readFileSync(
      createRequire(import.meta.url).resolve("replicad-opencascadejs/wasm"),
    );
    server = createServer((req, res) => {
      if (req.url !== "/oc.wasm") return void res.writeHead(404).end();
      res.writeHead(200, { "content-type": "application/wasm", "content-length": wasm.length });
      res.end(wasm);
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("streams it with download progress, then serves builds", async () => {
    const h = harness({}, () => ({ wasmUrl: `${base}/oc.wasm` }));
    try {
      await h.kernel.ready();
      const fractions = h.progress
        .filter((p) => p.message === "loading OpenCascade" && p.fraction !== null)
        .map((p) => p.fraction!);
      expect(fractions.length).toBeGreaterThan(2);
      expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
      expect(fractions.at(-1)).toBeGreaterThanOrEqual(0.9);
      const r = await h.kernel.build(example("plate"));
      expect(r.body!.volume).toBeCloseTo(8000 - 160 * Math.PI, 3);
    } finally {
      await h.kernel.dispose();
    }
  });

  it("a .wasm that cannot be fetched is LOAD_FAILED, without restart loops", async () => {
    const h = harness({}, () => ({ wasmUrl: `${base}/missing.wasm` }));
    try {
      await expect(h.kernel.ready()).rejects.toMatchObject({ code: "LOAD_FAILED" });
      expect(h.kernel.phase).toBe("failed");
      expect(h.kernel.restarts).toBe(0);
      expect(h.terminated).toEqual(h.workers);
      await expect(h.kernel.build(example("plate"))).rejects.toMatchObject({
        code: "LOAD_FAILED",
      });
    } finally {
      await h.kernel.dispose();
    }
  });
});

describe("dispose", () => {
  it("terminates the worker, rejects what waits and refuses new requests", async () => {
    const h = harness();
    await h.kernel.build(pockets(1));
    const pending = h.kernel.build(pockets(6)).catch((e: unknown) => e);
    await h.kernel.dispose();
    expect(await pending).toMatchObject({ code: "DISPOSED" });
    expect(h.terminated).toEqual(h.workers);
    expect(h.kernel.phase).toBe("disposed");
    await expect(h.kernel.build(pockets(1))).rejects.toMatchObject({ code: "DISPOSED" });
    await expect(h.kernel.ready()).rejects.toMatchObject({ code: "DISPOSED" });
  });
});

describe("kernel worker progress", () => {
  it("reports 'building feature k/n' for each feature the worker builds", async () => {
    await shared.kernel.ready();
    const model = pockets(2, 13); // 6 features, none built before
    const from = shared.progress.length;
    checkBuilt(await shared.kernel.build(model));
    const messages = shared.progress
      .slice(from)
      .filter((p) => p.phase === "building")
      .map((p) => p.message);
    const n = model.features.length;
    expect(messages).toEqual(
      expect.arrayContaining(Array.from({ length: n }, (_, k) => `building feature ${k + 1}/${n}`)),
    );
  });
});

function checkBuilt(r: BuildResult): BuildResult {
  expect(r.features.every((f) => f.status === "ok")).toBe(true);
  return r;
}
