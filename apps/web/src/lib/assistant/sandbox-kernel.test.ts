import { describe, expect, it } from "vitest";
import type { Model } from "@kerf/document";
import type { BuildResult, KernelClient } from "@kerf/kernel";
import { SandboxKernel } from "./sandbox-kernel.ts";

/**
 * A client that behaves like the worker client where it matters here: a newer build cancels the
 * one in flight (BuildCancelled).
 */
class SupersedingClient implements KernelClient {
  running = 0;
  maxRunning = 0;
  #current = 0;
  disposed = false;
  async build(model: Model): Promise<BuildResult> {
    const mine = ++this.#current;
    this.running++;
    this.maxRunning = Math.max(this.maxRunning, this.running);
    await new Promise((r) => setTimeout(r, 5));
    this.running--;
    if (mine !== this.#current) {
      const e = new Error("superseded");
      e.name = "BuildCancelled";
      throw e;
    }
    return {
      features: model.features.map((f) => ({ id: f.id, type: f.type, status: "ok" as const })),
      body: null,
      mesh: null,
      topology: { faces: [], edges: [], aliases: {}, retired: {} },
      timings: { totalMs: 5 },
    } as BuildResult;
  }
  async exportStep(): Promise<Uint8Array> {
    return new Uint8Array();
  }
  async exportStl(): Promise<Uint8Array> {
    return new Uint8Array();
  }
  async dispose(): Promise<void> {
    this.disposed = true;
  }
}

const model = (name: string): Model => ({ version: 1, units: "mm", name, features: [] });

describe("the preview sandbox kernel", () => {
  it("is created only on first use", async () => {
    let created = 0;
    const k = new SandboxKernel(async () => {
      created++;
      return new SupersedingClient();
    });
    expect(k.started).toBe(false);
    expect(created).toBe(0);
    await k.build(model("a"));
    await k.build(model("b"));
    expect(created).toBe(1);
  });

  it("[L4] runs builds one at a time, so parallel previews never cancel each other", async () => {
    const client = new SupersedingClient();
    const k = new SandboxKernel(async () => client);
    const results = await Promise.allSettled([
      k.build(model("a")),
      k.build(model("b")),
      k.build(model("c")),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "fulfilled"]);
    expect(client.maxRunning).toBe(1);
  });

  it("retries creating a client that failed to start, and disposes the one it made", async () => {
    let attempt = 0;
    const client = new SupersedingClient();
    const k = new SandboxKernel(async () => {
      if (++attempt === 1) throw new Error("worker failed");
      return client;
    });
    await expect(k.build(model("a"))).rejects.toThrow("worker failed");
    await expect(k.build(model("a"))).resolves.toBeTruthy();
    await k.dispose();
    expect(client.disposed).toBe(true);
    await expect(k.build(model("a"))).rejects.toThrow("shut down");
  });
});
