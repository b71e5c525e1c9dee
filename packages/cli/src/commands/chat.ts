/**
 * `kerf chat <model.kerf.xml> <message> --base-url URL --model NAME [--api-key KEY]
 * [--apply --out OUT.kerf.xml] [--json] [--select REF]...` (cli.md C4): one user message through
 * the full loop of ai.md against an OpenAI-compatible endpoint. Prints the answer (with `--json`:
 * `{answer, toolCalls, previews, applied}`). `--apply` applies the last valid preview and writes
 * the resulting document to `--out`; without it nothing is written.
 *
 * The API key comes from `--api-key`, else `KERF_API_KEY`, else `OPENAI_API_KEY` but only when the
 * base URL is OpenAI's own (api.openai.com), so an OpenAI key never goes to another server. It is
 * never printed.
 *
 * Exit status (C1): 0 answered (and, with --apply, applied and written); 1 the endpoint failed or
 * the message was stopped (then nothing is applied), there was no valid preview to apply, or the
 * applied document has a failed feature; 2 unusable arguments or an unreadable model file.
 */
import type { Preview, TraceEvent, TurnResult } from "@kerf/ai";
import { parseCommandArgs, UsageError, writeOutput, type Command } from "../command.ts";
import type { Io } from "../io.ts";
import { checkSelection, openModel } from "./tool.shared.ts";

/** Where the key may come from, in order (see the file comment). */
export function apiKeyFor(
  baseURL: string,
  flag: string | undefined,
  env: NodeJS.ProcessEnv,
): string | undefined {
  if (flag) return flag;
  if (env.KERF_API_KEY) return env.KERF_API_KEY;
  return new URL(baseURL).hostname === "api.openai.com"
    ? env.OPENAI_API_KEY || undefined
    : undefined;
}

function parseBaseURL(value: string | undefined, usage: string): string {
  if (!value) throw new UsageError(`give the endpoint with --base-url URL. Usage: ${usage}`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--base-url "${value}" is not a URL; e.g. http://localhost:11434/v1.`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new UsageError(`--base-url must be an http(s) URL, e.g. http://localhost:11434/v1.`);
  }
  return value;
}

function toolCallJson(t: TraceEvent) {
  const call = { tool: t.tool, args: t.args, ok: t.ok, cached: t.cached, durationMs: t.durationMs };
  return t.errorCode ? { ...call, errorCode: t.errorCode } : call;
}

export const command: Command = {
  name: "chat",
  summary: "send one message to the AI assistant about a model (OpenAI-compatible endpoint)",
  usage:
    "kerf chat <model.kerf.xml> <message> --base-url URL --model NAME [--api-key KEY] [--apply --out OUT.kerf.xml] [--json]",
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(this, args, {
      "base-url": { type: "string" },
      model: { type: "string" },
      "api-key": { type: "string" },
      apply: { type: "boolean" },
      out: { type: "string" },
      json: { type: "boolean" },
      select: { type: "string", multiple: true },
    });
    if (positionals.length !== 2) {
      throw new UsageError(`give a model file and one message (quote it). Usage: ${this.usage}`);
    }
    const [file, message] = positionals as [string, string];
    const baseURL = parseBaseURL(values["base-url"], this.usage);
    if (!values.model)
      throw new UsageError(`give the model name with --model NAME. Usage: ${this.usage}`);
    if (values.apply && !values.out) {
      throw new UsageError(`--apply needs --out OUT.kerf.xml (where to write the result).`);
    }
    if (values.out && !values.apply) {
      throw new UsageError(`--out is only written with --apply; add --apply or leave --out out.`);
    }
    const selection = checkSelection(values.select ?? [], this.usage);
    const apiKey = apiKeyFor(baseURL, values["api-key"], process.env);
    const { Chat, applyPreview, previewData } = await import("@kerf/ai");

    // Never print the key, even where a server echoes it back in an error message.
    const out = redacting(io, apiKey);
    const { session, kernel } = await openModel(io, file, selection);
    const controller = new AbortController();
    const stop = (): void => controller.abort();
    process.once("SIGINT", stop);
    try {
      const chat = new Chat({
        baseURL,
        model: values.model!,
        session,
        ...(apiKey ? { apiKey } : {}),
        onTrace: (t) => {
          if (!values.json) out.stderr(`${traceLine(t)}\n`);
        },
      });
      const result = await chat.send(message, { signal: controller.signal });

      let applied: Preview | undefined;
      let status = result.error || result.aborted ? 1 : 0;
      if (values.apply && status !== 0) {
        // The message did not finish: apply nothing the user has not seen answered.
        out.stderr(`kerf chat: the message did not finish; nothing applied or written.\n`);
      } else if (values.apply) {
        const outcome = await applyLast(result, (id) => applyPreview(session, id));
        if (outcome.ok) {
          applied = outcome.preview;
          await writeOutput(values.out!, session.document().text, "check the --out path");
          if (applied.build.features.some((f) => f.status === "error")) status = 1;
        } else {
          out.stderr(`kerf chat: ${outcome.message}; nothing written.\n`);
          status = 1;
        }
      }

      if (values.json) {
        const report: Record<string, unknown> = {
          answer: result.answer,
          toolCalls: result.toolCalls.map(toolCallJson),
          previews: result.previews.map((p) => ({ ...previewData(p), summary: p.summary })),
          applied: applied !== undefined,
        };
        if (result.error) report.error = result.error;
        out.stdout(`${JSON.stringify(report)}\n`);
      } else {
        out.stdout(`${result.answer}\n`);
        for (const p of result.previews) out.stdout(`${previewLine(p)}\n`);
        if (applied) out.stdout(`applied change ${applied.changeId}; wrote ${values.out}\n`);
      }
      return status;
    } finally {
      process.removeListener("SIGINT", stop);
      await kernel.dispose();
    }
  },
};

/** `io` with every occurrence of `secret` in the output replaced. */
function redacting(io: Io, secret: string | undefined): Pick<Io, "stdout" | "stderr"> {
  const clean = (text: string): string =>
    secret && secret.length >= 4 ? text.split(secret).join("[api key]") : text;
  return { stdout: (t) => io.stdout(clean(t)), stderr: (t) => io.stderr(clean(t)) };
}

type ApplyOutcome = { ok: true; preview: Preview } | { ok: false; message: string };

/** C4: the last valid preview of the message (valid: true in T1's sense), applied. */
async function applyLast(
  result: TurnResult,
  apply: (id: string) => Promise<{ status: string; message?: string }>,
): Promise<ApplyOutcome> {
  const last = result.previews.filter((p) => p.errors.length === 0).at(-1);
  if (!last) return { ok: false, message: "the assistant proposed no valid change to apply" };
  const r = await apply(last.changeId);
  if (r.status !== "applied") {
    return {
      ok: false,
      message: `change ${last.changeId} was not applied (${r.message ?? r.status})`,
    };
  }
  return { ok: true, preview: last };
}

function traceLine(t: TraceEvent): string {
  const args = typeof t.args === "string" ? t.args : JSON.stringify(t.args);
  const short = args.length > 120 ? `${args.slice(0, 117)}...` : args;
  const how = t.ok ? "ok" : (t.errorCode ?? "failed");
  return `  ${t.tool} ${short} -> ${how}${t.cached ? " (cached)" : ""}, ${t.durationMs} ms`;
}

function previewLine(p: Preview): string {
  const failed = p.build.features.filter((f) => f.status === "error").map((f) => f.id);
  const build = failed.length > 0 ? `failed: ${failed.join(", ")}` : "builds";
  return `change ${p.changeId} (${p.status}): ${p.summary} [${build}]`;
}
