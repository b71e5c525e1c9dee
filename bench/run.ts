/**
 * `npm run bench`: kernel figures on generated models (bench/generate.ts), printed as ONE JSON
 * object on stdout (progress goes to stderr). Not a test: nothing here passes or fails, except a
 * generated model that does not build cleanly, which aborts the run.
 *
 * Figures, for trees of 10, 40 and 100 features (medians of a few repeats):
 * - start-up: OpenCascade load + in-process kernel; and a kernel worker thread until `ready`
 * - full rebuild (cold cache), split into feature building (the ModelBuilder's own per-feature
 *   times) and outputs (topology index + properties, the rest of KernelService.build)
 * - outputs alone: measuring a fresh body's faces and edges, index and properties from those,
 *   the whole-body GProp for reference, and the records after an edit of the last feature
 * - rebuild after editing the first / middle / last feature (warm cache)
 * - meshing of a fresh body, triangles
 * - one large body (a torus, > 200k triangles): OpenCascade's mesher vs extracting the BodyMesh
 * - WASM heap before/after 500 rebuilds (free space squeezed first, so a leak shows as growth)
 * - the kernel worker's round trip (clone + transfer) on top of the in-process build
 */
import { parseXml, type Model } from "@kerf/document";
import { ModelBuilder } from "../packages/kernel/src/builder.ts";
import { KernelService } from "../packages/kernel/src/client/service.ts";
import { createInProcessKernel } from "../packages/kernel/src/client/in-process.ts";
import { heapSize, squeezeHeap } from "../packages/kernel/src/oc/heap.ts";
import { loadOC, type OC } from "../packages/kernel/src/oc/load.ts";
import {
  propertiesFromRecords,
  wholeBodyProperties,
} from "../packages/kernel/src/output/properties.ts";
import { meshBody, triangulate } from "../packages/kernel/src/output/mesh.ts";
import { bodyRecords } from "../packages/kernel/src/output/records.ts";
import { topologyFromRecords } from "../packages/kernel/src/output/topology.ts";
import type { BuildOptions, BuildResult } from "../packages/kernel/src/types.ts";
import { createWorkerKernel } from "../packages/kernel/src/worker/client.ts";
import { DEFAULT_RECYCLE_BYTES } from "../packages/kernel/src/worker/host.ts";
import { spawnNodeWorker } from "../packages/kernel/src/worker/node.ts";
import { editModel, generateModel } from "./generate.ts";

const SIZES = [10, 40, 100];
const REPEATS = 3;
const HEAP_REBUILDS = 500;
const HEAP_WARMUP = 30;
const HEAP_MODEL_SIZE = 10;
/** The large mesh: a torus (R 60, r 20) at 0.0035 mm, ~230k triangles, ~10 s in the mesher. */
const LARGE_MESH_TOLERANCE = 0.0035;
const LARGE_MESH_MODEL = `<model version="1" units="mm" name="torus"><features>
  <sketch id="s1" plane="XZ"><circle id="c1" cx="60" cy="0" r="20"/></sketch>
  <revolve id="v1" sketch="s1" axis="y" angle="360"/>
</features></model>`;

const log = (...a: unknown[]): void => console.error("[bench]", ...a);
const round = (x: number, digits = 1): number => Number(x.toFixed(digits));
const median = (xs: number[]): number => {
  const s = xs.slice().sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** Wall and CPU time of `fn` (CPU time is steadier on a shared machine). */
async function measure<T>(
  fn: () => T | Promise<T>,
): Promise<{ value: T; ms: number; cpuMs: number }> {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const value = await fn();
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { value, ms, cpuMs: (c.user + c.system) / 1000 };
}

/** Fail loudly on a model that does not build cleanly: the figures would be meaningless. */
function checkOk(r: BuildResult, what: string): BuildResult {
  const bad = r.features.filter((f) => f.status !== "ok");
  if (bad.length) throw new Error(`${what}: ${JSON.stringify(bad)}`);
  return r;
}

interface Timed {
  /** Wall time of KernelService.build. */
  totalMs: number;
  /** CPU time of the same (the process's; steadier than wall time under load). */
  cpuMs: number;
  /** Time the ModelBuilder spent building features (cache misses). */
  featuresMs: number;
  /** Topology index + properties + bookkeeping: total − features. */
  outputsMs: number;
  /** Features rebuilt (cache misses). */
  rebuilt: number;
}

async function timedBuild(
  s: KernelService,
  model: Model,
  what: string,
  options: BuildOptions = {},
): Promise<{ t: Timed; r: BuildResult }> {
  const { value, ms, cpuMs } = await measure(() => s.build(model, options));
  const r = checkOk(value, what);
  const featuresMs = r.features.reduce((a, f) => a + (f.cached ? 0 : (f.ms ?? 0)), 0);
  const rebuilt = r.features.filter((f) => !f.cached).length;
  return { t: { totalMs: ms, cpuMs, featuresMs, outputsMs: ms - featuresMs, rebuilt }, r };
}

/**
 * The run with the median wall time, so that its parts add up (per-field medians would not);
 * `cpuMs` is the median CPU time over all runs.
 */
function medianTimed(ts: Timed[]): Timed {
  const mid = ts.slice().sort((a, b) => a.totalMs - b.totalMs)[ts.length >> 1]!;
  return {
    totalMs: round(mid.totalMs),
    cpuMs: round(median(ts.map((t) => t.cpuMs))),
    featuresMs: round(mid.featuresMs),
    outputsMs: round(mid.outputsMs),
    rebuilt: mid.rebuilt,
  };
}

/**
 * What the outputs cost. Cold: a fresh body, every face and edge measured (records), then the
 * topology index and the properties from the records; the whole-body GProp for reference (what
 * properties cost before they were summed per face). Warm: after editing the last feature, the
 * new body's records with the previous body's taken over (what KernelService does).
 */
async function outputCosts(oc: OC, model: Model, step: number) {
  const b = new ModelBuilder(oc);
  try {
    const body = b.build(model).body!;
    const records = await measure(() => bodyRecords(oc, body));
    const topo = await measure(() => topologyFromRecords(body, records.value));
    const props = await measure(() => propertiesFromRecords(oc, body, records.value));
    const whole = await measure(() => wholeBodyProperties(oc, body));
    const n = model.features.length;
    const edited = b.build(editModel(model, n - 1, step)).body!;
    if (!b.isLive(body)) throw new Error("bench: the previous body was freed");
    const donors = [{ body, records: records.value }];
    const warm = await measure(() => bodyRecords(oc, edited, donors));
    return {
      recordsMs: records.ms,
      topologyMs: topo.ms,
      propertiesMs: props.ms,
      wholeBodyPropertiesMs: whole.ms,
      editLastRecordsMs: warm.ms,
      editLastMeasured: warm.value.measured,
    };
  } finally {
    b.dispose();
  }
}

async function benchSize(oc: OC, n: number) {
  const model = generateModel(n);
  const middle = Math.floor(n / 2);
  const full: Timed[] = [];
  const meshMs: number[] = [];
  const costs: Awaited<ReturnType<typeof outputCosts>>[] = [];
  const edits = { first: [] as Timed[], middle: [] as Timed[], last: [] as Timed[] };
  let faces = 0;
  let triangles = 0;
  let vertices = 0;
  let edgePolylines = 0;
  for (let rep = 0; rep < REPEATS; rep++) {
    // Cold: a fresh kernel service, nothing cached, fresh shapes (meshed for the first time).
    const s = new KernelService(oc);
    const cold = await timedBuild(s, model, `full ${n}`);
    full.push(cold.t);
    faces = cold.r.body!.faceCount;
    const meshed = await measure(() => s.build(model, { mesh: true })); // only the mesh is new
    meshMs.push(meshed.ms);
    const mesh = meshed.value.mesh!;
    triangles = mesh.indices.length / 3;
    vertices = mesh.positions.length / 3;
    edgePolylines = mesh.edges.length;
    // Warm: edit one feature (a value not seen before), then go back (a cache hit).
    for (const [which, index] of [
      ["first", 0],
      ["middle", middle],
      ["last", n - 1],
    ] as const) {
      edits[which].push((await timedBuild(s, editModel(model, index, rep + 1), `edit ${which}`)).t);
      await s.build(model);
    }
    await s.dispose();
    costs.push(await outputCosts(oc, model, rep + 1));
  }
  const fullM = medianTimed(full);
  const last = medianTimed(edits.last);
  return {
    features: n,
    faces,
    fullRebuild: fullM,
    edit: {
      first: medianTimed(edits.first),
      middle: { index: middle, type: model.features[middle]!.type, ...medianTimed(edits.middle) },
      last: { type: model.features[n - 1]!.type, ...last },
    },
    editLastOverFull: {
      kernel: round(last.totalMs / fullM.totalMs, 3),
      builder: round(last.featuresMs / fullM.featuresMs, 3),
    },
    outputs: {
      /** Measuring every face and edge of a fresh body (geometry, convexity, volume shares). */
      recordsMs: round(median(costs.map((c) => c.recordsMs))),
      /** From the records: rounding and names only. */
      topologyIndexMs: round(median(costs.map((c) => c.topologyMs))),
      propertiesMs: round(median(costs.map((c) => c.propertiesMs))),
      /** GProp + box on the whole shape (before: paid for every new body). */
      wholeBodyPropertiesMs: round(median(costs.map((c) => c.wholeBodyPropertiesMs))),
      /** Records of the body after editing the last feature, the previous body's taken over. */
      editLastRecordsMs: round(median(costs.map((c) => c.editLastRecordsMs))),
      editLastMeasured: costs[0]!.editLastMeasured,
    },
    mesh: { ms: round(median(meshMs)), triangles, vertices, edgePolylines },
  };
}

/** 500 rebuilds with every output (topology, properties, mesh), edits cycling through params. */
async function benchHeap(oc: OC) {
  const n = HEAP_MODEL_SIZE;
  const model = generateModel(n);
  const s = new KernelService(oc);
  // Feature i % n, value cycling through 9 steps: 90 distinct states, more than the builder's
  // cache keeps, so every rebuild really builds from the edited feature on.
  const edit = (i: number): Model => editModel(model, i % n, 1 + (Math.floor(i / n) % 9));
  const t0 = performance.now();
  for (let i = 0; i < HEAP_WARMUP; i++) checkOk(await s.build(edit(i), { mesh: true }), "heap");
  const release = squeezeHeap(oc);
  const before = heapSize(oc);
  const statsBefore = s.stats;
  const t1 = performance.now();
  for (let i = HEAP_WARMUP; i < HEAP_WARMUP + HEAP_REBUILDS; i++)
    checkOk(await s.build(edit(i), { mesh: true }), "heap");
  const after = heapSize(oc);
  const statsAfter = s.stats;
  release();
  const ms = performance.now() - t1;
  await s.dispose();
  log(
    `heap: ${HEAP_REBUILDS} rebuilds in ${round(ms / 1000)} s (+${round((t1 - t0) / 1000)} s warm-up)`,
  );
  return {
    model: `${n} features, all outputs incl. mesh`,
    rebuilds: HEAP_REBUILDS,
    warmupRebuilds: HEAP_WARMUP,
    beforeBytes: before,
    afterBytes: after,
    growthPct: round(((after - before) / before) * 100, 2),
    growthPerRebuildBytes: Math.round((after - before) / HEAP_REBUILDS),
    /** At this rate, rebuilds until the worker host asks to be recycled (worker/host.ts). */
    rebuildsUntilWorkerRecycle: Math.max(
      0,
      Math.round((DEFAULT_RECYCLE_BYTES - after) / Math.max(1, (after - before) / HEAP_REBUILDS)),
    ),
    meanRebuildMs: round(ms / HEAP_REBUILDS),
    liveBodiesBefore: statsBefore.liveBodies,
    liveBodiesAfter: statsAfter.liveBodies,
    bodiesMadeDuring: statsAfter.bodies - statsBefore.bodies,
    bodiesFreedDuring: statsAfter.freed - statsBefore.freed,
    note:
      "WASM memory only grows, in ~20% steps. Every body made was freed (made = freed, live " +
      "bodies constant), so this is not Kerf holding bodies: OpenCascade's allocator does not " +
      "reuse all it frees (docs/decisions/persistent-naming.md, Memory). The worker host asks " +
      "to be recycled past 1 GiB.",
  };
}

/**
 * One large body meshed once (the mesher dominates; one run is enough): OpenCascade's
 * BRepMesh_IncrementalMesh on the whole shape, then meshBody on the triangulated shape (the
 * faces' triangles, normals and ranges, and the edges' polylines: the extraction).
 */
async function benchLargeMesh(oc: OC) {
  const parsed = parseXml(LARGE_MESH_MODEL);
  if (!parsed.ok) throw new Error("bench: invalid large-mesh model");
  const b = new ModelBuilder(oc);
  try {
    const built = b.build(parsed.model);
    const body = built.body;
    if (!body || built.features.some((f) => f.status !== "ok"))
      throw new Error("bench: the large-mesh model did not build");
    const tolerance = LARGE_MESH_TOLERANCE;
    const angular = 0.3;
    const mesher = await measure(() => triangulate(oc, body.shape.wrapped, tolerance, angular));
    const extract = await measure(() =>
      meshBody(oc, body, { tolerance, angularTolerance: angular }),
    );
    const m = extract.value;
    log(`large mesh: mesher ${round(mesher.ms)} ms, extraction ${round(extract.ms)} ms`);
    return {
      model: "torus R60 r20 (one face), revolve of a circle",
      tolerance,
      angularTolerance: angular,
      triangles: m.indices.length / 3,
      vertices: m.positions.length / 3,
      mesherMs: round(mesher.ms),
      extractionMs: round(extract.ms),
      extractionOverMesher: round(extract.ms / mesher.ms, 3),
    };
  } finally {
    b.dispose();
  }
}

/** The kernel worker under node:worker_threads: start-up, and what the round trip adds. */
async function benchWorker(inProcess: BuildResult, model: Model) {
  const t0 = performance.now();
  let loadMs = NaN;
  const k = createWorkerKernel(() => {
    const w = spawnNodeWorker(
      new URL("../packages/kernel/src/worker/node-entry.ts", import.meta.url),
    );
    w.addEventListener("message", (ev) => {
      const m = (ev as MessageEvent).data as { type?: string; ms?: number };
      if (m.type === "ready") loadMs = m.ms!;
    });
    return w;
  });
  await k.ready();
  const readyMs = performance.now() - t0;
  const rounds: number[] = [];
  let r: BuildResult | null = null;
  for (let rep = 0; rep < REPEATS; rep++) {
    const t1 = performance.now();
    r = checkOk(await k.build(model, { mesh: true }), "worker");
    // Rebuilding the same model is a cache hit in the worker: what is left is the round trip.
    if (rep > 0) rounds.push(performance.now() - t1 - r.timings.totalMs);
  }
  await k.dispose();
  const m = r!.mesh!;
  const bytes =
    m.positions.byteLength +
    m.normals.byteLength +
    m.indices.byteLength +
    m.edges.reduce((a, e) => a + e.positions.byteLength, 0);
  return {
    readyMs: round(readyMs),
    openCascadeLoadMs: round(loadMs),
    roundTripMs: round(median(rounds)),
    meshBytesTransferred: bytes,
    sameAsInProcess: JSON.stringify(r!.body) === JSON.stringify(inProcess.body),
    note: "node:worker_threads with tsx (readyMs includes transpiling the kernel in the worker)",
  };
}

async function main(): Promise<void> {
  const tStart = performance.now();
  const t0 = performance.now();
  const kernel = await createInProcessKernel();
  const startupMs = performance.now() - t0;
  const oc = await loadOC();
  log(`start-up ${round(startupMs)} ms`);

  const sizes = [];
  for (const n of SIZES) {
    const t = performance.now();
    sizes.push(await benchSize(oc, n));
    log(`${n} features: ${round((performance.now() - t) / 1000)} s`);
  }
  const heap = await benchHeap(oc);
  const model40 = generateModel(40);
  const local = checkOk(await kernel.build(model40, { mesh: true }), "in-process 40");
  const worker = await benchWorker(local, model40);
  await kernel.dispose();
  const largeMesh = await benchLargeMesh(oc);

  const at40 = sizes.find((s) => s.features === 40)!;
  const out = {
    bench: "kerf kernel",
    node: process.version,
    date: new Date().toISOString(),
    repeats: REPEATS,
    startup: { inProcessMs: round(startupMs), worker },
    sizes,
    editLastOverFullAt40: {
      kernel: at40.editLastOverFull.kernel,
      builder: at40.editLastOverFull.builder,
      target: 0.15,
      note:
        "kernel = KernelService.build wall time (features + topology index + properties); " +
        "builder = the features' own build times",
    },
    heap,
    largeMesh,
    benchMs: round(performance.now() - tStart, 0),
  };
  console.log(JSON.stringify(out, null, 2));
}

await main();
