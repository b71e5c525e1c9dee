/**
 * ModelBuilder: a typed Model → a NamedBody with persistent names, incrementally and
 * cancellably (the heart of the kernel; see docs/decisions/persistent-naming.md).
 *
 * Incremental: each feature's resulting state is cached under a key that hashes the feature and
 * everything upstream (build/cache-key.ts), so changing feature k rebuilds k onwards only. The
 * cache keeps every state of the latest build plus a bounded number of older ones.
 *
 * OWNERSHIP: bodies (their OpenCascade shapes, faces and edges) belong to this builder. A body is
 * freed when no cache entry holds it any more and it is not the current result (the body of the
 * last build that returned). Callers must not delete anything reachable from a BuiltModel and must
 * not use it after the next build() or dispose().
 */
import type { Feature, Model } from "@kerf/document";
import { setOC } from "replicad";
import { chainKey } from "./build/cache-key.ts";
import type { BuildState } from "./build/context.ts";
import { BuildCancelled } from "./build/errors.ts";
import { runFeature } from "./build/run-feature.ts";
import { disposeBody } from "./naming/assemble.ts";
import type { BuiltModel, NamedBody } from "./naming/named-body.ts";
import type { OC } from "./oc/load.ts";
import type { FeatureStatus } from "./types.ts";

export { BuildCancelled } from "./build/errors.ts";

export interface ModelBuildOptions {
  /** Checked between features: once aborted, the build stops and throws BuildCancelled. */
  signal?: AbortSignal;
  /** Build only features before this index (rollback, D7.3). */
  rollbackIndex?: number;
  /**
   * Progress: called before each feature that is actually built (not served from the cache),
   * with its index in the model, the number of features to build up to (rollback applied) and
   * its id. Exceptions thrown here abort the build.
   */
  onFeature?: (index: number, count: number, featureId: string) => void;
}

export interface ModelBuilderOptions {
  /** Cache entries kept beyond those of the latest build (default 64). */
  extraCacheEntries?: number;
}

interface Entry {
  state: BuildState;
  status: FeatureStatus;
}

const EMPTY: BuildState = { body: null, sketches: new Map(), featureStatus: {}, featureTypes: {} };

/** Counters for tests and the bench. */
export interface BuilderStats {
  /** Features built (cache misses) since the builder was made. */
  built: number;
  /** Features served from the cache. */
  cached: number;
  /** Bodies made (by features that built one). */
  bodies: number;
  /** Bodies freed. */
  freed: number;
}

export class ModelBuilder {
  /** Insertion order is recency order (a hit is re-inserted). */
  private cache = new Map<string, Entry>();
  private holders = new Map<NamedBody, number>();
  private current: NamedBody | null = null;
  /** Shapes of freed bodies (`isLive`): views of a body share its shape object. */
  private freedShapes = new WeakSet<object>();
  private readonly extra: number;
  readonly stats: BuilderStats = { built: 0, cached: 0, bodies: 0, freed: 0 };

  constructor(
    readonly oc: OC,
    options: ModelBuilderOptions = {},
  ) {
    setOC(oc);
    this.extra = options.extraCacheEntries ?? 64;
  }

  /** Build synchronously (the CLI, tests, a worker with nothing else to do). */
  build(model: Model, options: ModelBuildOptions = {}): BuiltModel {
    const it = this.steps(model, options);
    for (;;) {
      const r = it.next();
      if (r.done) return r.value;
    }
  }

  /**
   * Build, yielding to the event loop between features so that a newer request can abort this
   * one through `signal` (a worker's message handler runs in those gaps).
   */
  async buildAsync(model: Model, options: ModelBuildOptions = {}): Promise<BuiltModel> {
    const it = this.steps(model, options);
    for (;;) {
      const r = it.next();
      if (r.done) return r.value;
      await yieldToEventLoop();
    }
  }

  /** Free every body this builder holds. The builder must not be used afterwards. */
  dispose(): void {
    const bodies = new Set<NamedBody>(this.holders.keys());
    if (this.current) bodies.add(this.current);
    for (const b of bodies) this.free(b);
    this.cache.clear();
    this.holders.clear();
    this.current = null;
  }

  /** Bodies this builder holds now (cached or current): what it has not freed. */
  get liveBodies(): number {
    const bodies = new Set<NamedBody>(this.holders.keys());
    if (this.current) bodies.add(this.current);
    return bodies.size;
  }

  /**
   * Whether `body` (a body this builder returned, or a view of it) is still alive: not freed.
   * Its OpenCascade objects may be read while it is, until the next build() or dispose().
   */
  isLive(body: NamedBody): boolean {
    return !this.freedShapes.has(body.shape);
  }

  /** Number of cached feature states (for tests). */
  get cacheSize(): number {
    return this.cache.size;
  }

  private *steps(model: Model, options: ModelBuildOptions): Generator<void, BuiltModel> {
    const end = Math.min(options.rollbackIndex ?? model.features.length, model.features.length);
    const features: Feature[] = model.features.slice(0, Math.max(0, end));
    const position = new Map(model.features.map((f, i) => [f.id as string, i]));
    const order = (id: string): number => position.get(id) ?? Number.MAX_SAFE_INTEGER;
    let state = EMPTY;
    let key = "kerf/1";
    const used = new Set<string>();
    const statuses: FeatureStatus[] = [];
    for (const [index, f] of features.entries()) {
      if (options.signal?.aborted) throw new BuildCancelled();
      key = chainKey(key, f);
      let entry = this.cache.get(key);
      if (entry) {
        this.cache.delete(key);
        this.cache.set(key, entry);
        this.stats.cached++;
        statuses.push({ ...entry.status, ms: 0, cached: true });
      } else {
        options.onFeature?.(index, features.length, f.id);
        const step = runFeature(this.oc, state, f, order);
        if (step.state.body && step.state.body !== state.body) this.stats.bodies++;
        entry = { state: step.state, status: step.status };
        this.insert(key, entry);
        this.stats.built++;
        statuses.push({ ...step.status, cached: false });
        yield;
      }
      used.add(key);
      state = entry.state;
    }
    if (options.signal?.aborted) throw new BuildCancelled();
    this.setCurrent(state.body);
    this.evict(used);
    return result(state, statuses);
  }

  private insert(key: string, entry: Entry): void {
    this.cache.set(key, entry);
    const b = entry.state.body;
    if (b) this.holders.set(b, (this.holders.get(b) ?? 0) + 1);
  }

  private setCurrent(body: NamedBody | null): void {
    const old = this.current;
    this.current = body;
    if (old && old !== body && !this.holders.has(old)) this.free(old);
  }

  /** Keep the entries of the latest build and the `extra` most recent others. */
  private evict(keep: Set<string>): void {
    let others = 0;
    for (const k of this.cache.keys()) if (!keep.has(k)) others++;
    for (const [k, entry] of this.cache) {
      if (others <= this.extra) break;
      if (keep.has(k)) continue;
      this.cache.delete(k);
      others--;
      const b = entry.state.body;
      if (!b) continue;
      const n = (this.holders.get(b) ?? 1) - 1;
      if (n > 0) this.holders.set(b, n);
      else {
        this.holders.delete(b);
        if (b !== this.current) this.free(b);
      }
    }
  }

  private free(b: NamedBody): void {
    this.freedShapes.add(b.shape);
    disposeBody(b);
    this.stats.freed++;
  }
}

/**
 * The returned body is a view of the cached one with the statuses of the whole build (the cached
 * body may predate later features, e.g. a failed one its refs must report as REF_FAILED).
 */
function result(state: BuildState, features: FeatureStatus[]): BuiltModel {
  const body: NamedBody | null = state.body
    ? {
        ...state.body,
        featureStatus: { ...state.featureStatus },
        featureTypes: { ...state.featureTypes },
      }
    : null;
  return { features, body, retired: body?.retired ?? {}, aliases: body?.aliases ?? {} };
}

function yieldToEventLoop(): Promise<void> {
  const g = globalThis as { setImmediate?: (cb: () => void) => void };
  return new Promise((resolve) =>
    g.setImmediate ? g.setImmediate(resolve) : setTimeout(resolve, 0),
  );
}
