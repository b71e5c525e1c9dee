/**
 * `kerf build <model.kerf.xml> [--json] [--topology] [--step OUT] [--stl OUT]` (cli.md C1, C2,
 * C5): builds the model with the in-process kernel and reports feature statuses and body
 * properties; writes STEP/STL on request. Exit 0 when every feature built, 1 when the document
 * is invalid (its D6 problems are printed as `kerf validate` prints them), a feature failed or
 * there is no body to export, 2 for unusable arguments or files.
 *
 * stdout carries only the report: OpenCascade's own console output is routed away inside the
 * kernel (packages/kernel/src/oc/print.ts), so `--json` prints exactly one JSON object.
 */
import { parseXml, type Problem } from "@kerf/document";
import type { BuildResult, FeatureStatus, KernelClient } from "@kerf/kernel";
import { parseCommandArgs, readInput, UsageError, writeOutput, type Command } from "../command.ts";
import type { Io } from "../io.ts";

const USAGE = "kerf build <model.kerf.xml> [--json] [--topology] [--step OUT.step] [--stl OUT.stl]";

/** C2 feature entry: id, type, status and, for a failed feature, its error. */
function featureJson(f: FeatureStatus) {
  return {
    id: f.id,
    type: f.type,
    status: f.status,
    ...(f.error ? { error: { code: f.error.code, message: f.error.message } } : {}),
  };
}

const problemLine = (p: Problem): string =>
  `${p.line ?? 0}:${p.column ?? 0} ${p.code} ${p.message}`;

const fmt = (x: number): string => String(Math.round(x * 1000) / 1000);
const vec = (v: readonly number[]): string => `[${v.map(fmt).join(", ")}]`;

/** The short human table (C2 without --json). */
function table(r: BuildResult, topology: boolean): string {
  const rows = r.features.map((f) => [
    f.id,
    f.type,
    f.status,
    f.error ? `${f.error.code}: ${f.error.message}` : "",
  ]);
  const w0 = Math.max(2, ...rows.map((x) => x[0]!.length));
  const w1 = Math.max(4, ...rows.map((x) => x[1]!.length));
  const w2 = Math.max(6, ...rows.map((x) => x[2]!.length));
  const pad = (s: string, w: number) => s.padEnd(w);
  const lines = [`${pad("id", w0)}  ${pad("type", w1)}  ${pad("status", w2)}`];
  for (const x of rows)
    lines.push(`${pad(x[0]!, w0)}  ${pad(x[1]!, w1)}  ${pad(x[2]!, w2)}  ${x[3]}`.trimEnd());
  lines.push("");
  const b = r.body;
  if (b) {
    lines.push(`volume        ${fmt(b.volume)} mm³`);
    lines.push(`area          ${fmt(b.area)} mm²`);
    lines.push(`bbox          ${vec(b.bbox.min)} .. ${vec(b.bbox.max)}`);
    lines.push(`centerOfMass  ${vec(b.centerOfMass)}`);
    lines.push(`topology      ${b.faceCount} faces, ${b.edgeCount} edges, ${b.solids} solid(s)`);
  } else {
    lines.push("no body (no feature produced a solid)");
  }
  if (topology && b) {
    lines.push("", "faces:");
    for (const f of r.topology.faces)
      lines.push(`  ${f.ref}  ${f.surfaceType}  ${fmt(f.area)} mm²`);
    lines.push("edges:");
    for (const e of r.topology.edges)
      lines.push(`  ${e.ref}  ${e.curveType}  ${fmt(e.length)} mm  ${e.convexity}`);
  }
  lines.push(`built in ${Math.round(r.timings.totalMs)} ms`);
  return `${lines.join("\n")}\n`;
}

function printInvalid(io: Io, json: boolean, errors: Problem[], warnings: Problem[]): void {
  if (json) {
    io.stdout(`${JSON.stringify({ ok: false, valid: false, errors, warnings })}\n`);
    return;
  }
  for (const p of [...errors, ...warnings]) io.stdout(`${problemLine(p)}\n`);
  io.stdout(`invalid: ${errors.length} error(s), ${warnings.length} warning(s); nothing built\n`);
}

export const command: Command = {
  name: "build",
  summary: "build a model and report feature statuses and body properties; export STEP/STL",
  usage: USAGE,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(this, args, {
      json: { type: "boolean" },
      topology: { type: "boolean" },
      step: { type: "string" },
      stl: { type: "string" },
    });
    if (positionals.length !== 1)
      throw new UsageError(`give exactly one model file. Usage: ${this.usage}`);
    const json = values.json === true;
    const parsed = parseXml(await readInput(io, positionals[0]!));
    if (!parsed.ok) {
      printInvalid(io, json, parsed.report.errors, parsed.report.warnings);
      return 1;
    }

    // Loaded lazily: `kerf --help` must not start OpenCascade.
    const { createInProcessKernel } = await import("@kerf/kernel");
    const kernel: KernelClient = await createInProcessKernel();
    try {
      const result = await kernel.build(parsed.model);
      const failed = result.features.some((f) => f.status === "error");
      const wantsExport = values.step !== undefined || values.stl !== undefined;
      const exportProblem =
        wantsExport && !result.body ? "nothing to export: no feature produced a body" : null;
      if (result.body) {
        if (values.step !== undefined)
          await writeOutput(values.step, await kernel.exportStep(parsed.model));
        if (values.stl !== undefined)
          await writeOutput(values.stl, await kernel.exportStl(parsed.model));
      }
      const ok = !failed && !exportProblem;
      if (json) {
        const report = {
          ok,
          features: result.features.map(featureJson),
          body: result.body,
          ...(values.topology
            ? { faces: result.topology.faces, edges: result.topology.edges }
            : {}),
          timings: { totalMs: Math.round(result.timings.totalMs) },
        };
        io.stdout(`${JSON.stringify(report)}\n`);
      } else {
        io.stdout(table(result, values.topology === true));
        if (result.body && values.step !== undefined) io.stdout(`wrote ${values.step}\n`);
        if (result.body && values.stl !== undefined) io.stdout(`wrote ${values.stl}\n`);
      }
      if (exportProblem) {
        const fix = failed ? "fix the failing features" : "add a solid feature (extrude, revolve)";
        io.stderr(`kerf build: ${exportProblem}; ${fix}.\n`);
      }
      return ok ? 0 : 1;
    } finally {
      await kernel.dispose();
    }
  },
};
