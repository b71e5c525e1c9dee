/**
 * KernelService: the kernel behind a KernelClient, transport-free. The in-process client
 * (./in-process.ts) calls it directly; the Web Worker host wraps the same class (guide habit 5:
 * the worker is a thin shell over modules that also run in Node).
 *
 * - `build` supersedes: a newer call aborts an older one still running (between features, through
 *   ModelBuilder.buildAsync's signal); the older rejects with BuildCancelled.
 * - Calls run one at a time on the one ModelBuilder (a queue), so an export never interleaves
 *   with a build that is half done.
 * - Outputs are computed once per body: topology and properties are cached by body, meshes by
 *   body and tolerance (an unchanged model rebuilds from the cache for free).
 * - Outputs are incremental across bodies (output/records.ts): a new body takes over the
 *   per-face and per-edge measurements of the faces and edges it shares (`IsEqual`) with the
 *   last bodies described, as long as the builder has not freed those; only new faces and edges
 *   are measured. Results are the same as from a fresh service (tests check byte equality).
 * - Nothing returned holds an OpenCascade object (plain, structured-cloneable data).
 */
import type { Model } from "@kerf/document";
import { BuildCancelled, ModelBuilder } from "../builder.ts";
import type { BuiltModel, NamedBody } from "../naming/named-body.ts";
import type { OC } from "../oc/load.ts";
import { formatOcFailure, ocFailure } from "../oc/errors.ts";
import { exportStep, exportStl } from "../output/export.ts";
import { DEFAULT_MESH_TOLERANCE, meshBody } from "../output/mesh.ts";
import { propertiesFromRecords } from "../output/properties.ts";
import { bodyRecords, type BodyRecords, type Donor } from "../output/records.ts";
import { emptyTopology, topologyFromRecords } from "../output/topology.ts";
import type {
  BodyMesh,
  BodyProperties,
  BuildOptions,
  BuildResult,
  TopologyIndex,
} from "../types.ts";

/** Plain outputs of one body, computed lazily and kept while the body's shape lives. */
interface Outputs {
  topology?: TopologyIndex;
  properties?: BodyProperties;
  meshes: Map<number, BodyMesh>;
  /** Per-face/per-edge measurements (plain numbers), offered to later bodies. */
  records?: BodyRecords;
}

/** How many recently described bodies a new body may take records over from. */
const DONORS = 2;

export class KernelService {
  private readonly builder: ModelBuilder;
  /** Keyed by the body's shape wrapper: every view of one cached body shares it. */
  private outputs = new WeakMap<object, Outputs>();
  /**
   * The last bodies whose records were made, newest first. Only JS wrappers are kept: a body is
   * used as a donor only while the builder says it is alive (`isLive`), and dropped otherwise.
   */
  private recent: { body: NamedBody; records: BodyRecords }[] = [];
  private queue: Promise<unknown> = Promise.resolve();
  private running: AbortController | null = null;
  private disposed = false;

  constructor(readonly oc: OC) {
    this.builder = new ModelBuilder(oc);
  }

  /** Build `model` and describe the result. Rejects with BuildCancelled when superseded. */
  build(model: Model, options: BuildOptions = {}): Promise<BuildResult> {
    this.running?.abort();
    const ac = new AbortController();
    this.running = ac;
    return this.serial(async () => {
      const t0 = performance.now();
      if (ac.signal.aborted) throw new BuildCancelled();
      try {
        const built = await this.builder.buildAsync(model, {
          signal: ac.signal,
          ...(options.onFeature ? { onFeature: options.onFeature } : {}),
          ...(options.rollbackIndex !== undefined ? { rollbackIndex: options.rollbackIndex } : {}),
        });
        return this.describe(built, options, t0);
      } finally {
        if (this.running === ac) this.running = null;
      }
    });
  }

  /** STEP of `model`'s body (built, from the cache when unchanged). */
  exportStep(model: Model): Promise<Uint8Array> {
    return this.serial(() => exportStep(this.oc, this.bodyOf(model)));
  }

  /** Binary STL of `model`'s body. */
  exportStl(model: Model): Promise<Uint8Array> {
    return this.serial(() => exportStl(this.oc, this.bodyOf(model)));
  }

  /** Cancel what runs, then free every OpenCascade object the builder holds. */
  dispose(): Promise<void> {
    this.running?.abort();
    return this.serial(() => {
      if (this.disposed) return;
      this.disposed = true;
      this.builder.dispose();
      this.outputs = new WeakMap();
      this.recent = [];
    });
  }

  /** Counters of the underlying builder and of output reuse (tests, bench). */
  get stats() {
    return { ...this.builder.stats, liveBodies: this.builder.liveBodies, ...this.reuse };
  }

  /** Faces and edges measured vs taken over from earlier bodies, since the service was made. */
  private reuse = { facesMeasured: 0, facesReused: 0, edgesMeasured: 0, edgesReused: 0 };

  private serial<T>(fn: () => T | Promise<T>): Promise<T> {
    const run = this.queue.then(() => {
      if (this.disposed) throw new Error("the kernel was disposed");
      return fn();
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  private bodyOf(model: Model): NamedBody {
    const body = this.builder.build(model).body;
    if (!body) throw new Error("nothing to export: no feature of the model produced a body");
    return body;
  }

  private describe(built: BuiltModel, options: BuildOptions, t0: number): BuildResult {
    const body = built.body;
    if (!body) {
      return {
        features: built.features,
        body: null,
        mesh: null,
        topology: emptyTopology(),
        timings: { totalMs: performance.now() - t0 },
      };
    }
    const out = this.outputsOf(body);
    try {
      const records = this.recordsOf(body, out);
      out.properties ??= propertiesFromRecords(this.oc, body, records);
      out.topology ??= topologyFromRecords(body, records);
      let mesh: BodyMesh | null = null;
      if (options.mesh) {
        const tol = options.tolerance ?? DEFAULT_MESH_TOLERANCE;
        mesh = out.meshes.get(tol) ?? meshBody(this.oc, body, { tolerance: tol });
        out.meshes.set(tol, mesh);
      }
      return {
        features: built.features,
        body: out.properties,
        mesh,
        topology: out.topology,
        timings: { totalMs: performance.now() - t0 },
      };
    } catch (e) {
      // An OpenCascade failure while describing a built body is a kernel bug: keep its text.
      throw new Error(`kernel output failed: ${formatOcFailure(ocFailure(this.oc, e))}`);
    }
  }

  /**
   * The body's records, taking over those of recent live bodies; the body becomes the most
   * recent donor (also when it comes from the cache: going back to a model, then editing it, is
   * the common case).
   */
  private recordsOf(body: NamedBody, out: Outputs): BodyRecords {
    this.recent = this.recent.filter(
      (d) => d.body.shape !== body.shape && this.builder.isLive(d.body),
    );
    if (out.records) {
      this.recent = [{ body, records: out.records }, ...this.recent].slice(0, DONORS);
      return out.records;
    }
    const donors: Donor[] = this.recent;
    const records = bodyRecords(this.oc, body, donors);
    out.records = records;
    this.recent = [{ body, records }, ...this.recent].slice(0, DONORS);
    const r = this.reuse;
    r.facesMeasured += records.measured.faces;
    r.facesReused += body.faces.length - records.measured.faces;
    r.edgesMeasured += records.measured.edges;
    r.edgesReused += body.edges.length - records.measured.edges;
    return records;
  }

  private outputsOf(body: NamedBody): Outputs {
    let out = this.outputs.get(body.shape);
    if (!out) {
      out = { meshes: new Map() };
      this.outputs.set(body.shape, out);
    }
    return out;
  }
}
