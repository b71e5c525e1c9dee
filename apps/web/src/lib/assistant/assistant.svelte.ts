/**
 * The assistant of one app: endpoint settings, tool switches, and for the open document a
 * Session (createDocSession over its Y.Doc, previews built in a sandbox kernel), a Chat and the
 * stored conversation. The panel and the viewport's ghost read this state; nothing here touches
 * the document except Apply (one transaction, origin "ai").
 */
import {
  applyPreview,
  Chat,
  createDocSession,
  defaultTools,
  rejectPreview,
  ToolRunner,
  withSettings,
  type AnyTool,
  type ChatEvent,
  type Preview,
  type SelectionState,
  type Session,
  type ToolResult,
  type TraceEvent,
} from "@kerf/ai";
import { parseXmlPartial } from "@kerf/document";
import type { BuildResult, KernelClient } from "@kerf/kernel";
import type { OpenDocument } from "../app/open-document.svelte.ts";
import type { Workbench } from "../app/workbench.svelte.ts";
import {
  clearConversation,
  emptyConversation,
  entryId,
  loadConversation,
  nextChangeNumber,
  saveConversation,
  type Conversation,
  type Entry,
  type Step,
} from "./conversation.ts";
import { cardOfInvalid, cardOfPreview, type PreviewCard } from "./preview-card.ts";
import { SandboxKernel } from "./sandbox-kernel.ts";
import {
  effectiveBaseURL,
  isConfigured,
  loadDisabledTools,
  loadSettings,
  saveDisabledTools,
  saveSettings,
  type EndpointSettings,
  type KeyValueStore,
} from "./settings.ts";
import { summarize } from "./summary.ts";

export type GhostMode = "both" | "current" | "proposed";

export interface TryResult {
  tool: string;
  envelope: ToolResult;
  /** The runner's own measure of the call. */
  durationMs: number;
  cached: boolean;
}

export interface ConnectionCheck {
  ok: boolean;
  message: string;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

function sameRefs(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((r, i) => r === b[i]);
}

export class Assistant {
  settings = $state<EndpointSettings>(loadSettings(null));
  disabledTools = $state<string[]>([]);
  conversation = $state<Conversation>(emptyConversation());
  busy = $state(false);
  /** The preview drawn as a ghost in the viewport. */
  activePreview = $state<string | null>(null);
  ghostMode = $state<GhostMode>("both");
  /** Bumped when a preview's status changes (previews live outside $state). */
  previewVersion = $state(0);

  readonly sandbox: SandboxKernel;
  #doc: OpenDocument | null = null;
  #session: Session | null = null;
  #chat: Chat | null = null;
  #controller: AbortController | null = null;
  #selectionRevision = 0;
  #lastSelection: string[] = [];
  #fallback: { revision: string; result: Promise<BuildResult> } | null = null;

  constructor(
    private readonly wb: Workbench,
    createKernel: () => Promise<KernelClient>,
    private readonly store: KeyValueStore | null,
  ) {
    this.sandbox = new SandboxKernel(createKernel);
    this.settings = loadSettings(store);
    this.disabledTools = [...loadDisabledTools(store)];
  }

  // ------------------------------------------------------------------ settings and tools

  get configured(): boolean {
    return isConfigured(this.settings);
  }

  saveSettings(s: EndpointSettings): void {
    saveSettings(this.store, s);
    this.settings = loadSettings(this.store);
    this.#chat = null; // the next message uses the new endpoint, with the same history
  }

  /** The six tools with the user's switches applied (a disabled tool is not offered, T0). */
  tools(): AnyTool[] {
    const off = new Set(this.disabledTools);
    return defaultTools.map((t) => withSettings(t, { enabled: !off.has(t.name) }));
  }

  setToolEnabled(name: string, enabled: boolean): void {
    const off = new Set(this.disabledTools);
    if (enabled) off.delete(name);
    else off.add(name);
    this.disabledTools = [...off].sort();
    saveDisabledTools(this.store, off);
    this.#chat = null;
  }

  /** GET {base}/models with the key: does the endpoint answer, and does it know the model? */
  async testConnection(s: EndpointSettings): Promise<ConnectionCheck> {
    const base = effectiveBaseURL(s, location.origin);
    const headers: Record<string, string> = { accept: "application/json" };
    if (s.apiKey.trim()) headers.authorization = `Bearer ${s.apiKey.trim()}`;
    let res: Response;
    try {
      res = await fetch(`${base}/models`, { headers, signal: AbortSignal.timeout(15_000) });
    } catch {
      return {
        ok: false,
        message: s.useRelay
          ? "The relay could not be reached: it runs only with `npm start` (apps/web/server.mjs)."
          : "Could not reach the endpoint. Is it running? If it does not allow requests from a browser (CORS), turn on “Use the local relay” or allow this origin on the server.",
      };
    }
    if (res.status === 401 || res.status === 403)
      return { ok: false, message: `The endpoint refused the API key (HTTP ${res.status}).` };
    if ((res.headers.get("content-type") ?? "").includes("text/html")) {
      // A web page, not an API: a wrong base URL, or the Vite dev server (which has no relay).
      return {
        ok: false,
        message: s.useRelay
          ? "The relay is not available here: it runs only with `npm start` (apps/web/server.mjs)."
          : "The base URL answered with a web page, not an API: check it (it usually ends in /v1).",
      };
    }
    if (res.status === 404)
      return {
        ok: true,
        message:
          "Reached the endpoint, but it does not list its models (HTTP 404); a first message will show whether the model answers.",
      };
    if (!res.ok) return { ok: false, message: `The endpoint answered HTTP ${res.status}.` };
    let ids: string[] = [];
    try {
      const body = (await res.json()) as { data?: { id?: unknown }[] };
      ids = (body.data ?? []).map((m) => String(m.id ?? "")).filter(Boolean);
    } catch {
      return { ok: true, message: "Connected (the endpoint did not list its models)." };
    }
    const model = s.model.trim();
    if (!model) return { ok: true, message: `Connected: ${ids.length} model(s) available.` };
    return ids.includes(model)
      ? { ok: true, message: `Connected: ${model} is available.` }
      : {
          ok: true,
          message: `Connected, but ${model} is not among the ${ids.length} model(s) the endpoint lists.`,
        };
  }

  // ------------------------------------------------------------------ the open document

  get session(): Session | null {
    return this.#session;
  }

  get docId(): string | null {
    return this.#doc?.id ?? null;
  }

  /** Follow the workbench's open document (called from an effect). */
  attach(doc: OpenDocument | null): void {
    if (doc === this.#doc) return;
    this.#controller?.abort();
    this.#controller = null;
    this.#doc = doc;
    this.#chat = null;
    this.#fallback = null;
    this.activePreview = null;
    this.busy = false;
    this.conversation = doc ? loadConversation(this.store, doc.id) : emptyConversation();
    this.#session = doc
      ? createDocSession({
          doc: doc.ydoc,
          kernel: this.sandbox,
          currentBuild: () => this.#liveBuild(),
          selection: () => this.#selectionState(),
          previewMesh: true,
          firstChangeNumber: nextChangeNumber(this.conversation),
        })
      : null;
    // Cards of earlier visits can no longer be applied: their previews are gone.
    for (const card of Object.values(this.conversation.cards)) {
      if (card.status === "awaiting_user") card.status = "expired";
    }
  }

  #selectionState(): SelectionState {
    const refs = [...this.wb.selection];
    if (!sameRefs(refs, this.#lastSelection)) {
      this.#selectionRevision++;
      this.#lastSelection = refs;
    }
    return { refs, revision: this.#selectionRevision };
  }

  /**
   * The live build of the document: the viewer's own result when it shows the document as it is
   * (no draft, rollback or open sketch), so refs match what the user sees; otherwise the document
   * built in the sandbox.
   */
  async #liveBuild(): Promise<BuildResult> {
    const session = this.#session;
    if (!session) throw new Error("no document is open");
    const deadline = performance.now() + 60_000;
    for (;;) {
      const wb = this.wb;
      const plain = !wb.draft && wb.rollback === null && !wb.sketch;
      if (!plain || wb.kernel.phase === "failed") break;
      const res = wb.result;
      const fresh =
        res && wb.builtModel && wb.model && wb.builtModel.features === wb.model.features;
      if (fresh && !wb.kernel.building) return res;
      if (performance.now() > deadline) break;
      await sleep(40);
    }
    const { text, revision } = session.document();
    if (this.#fallback?.revision !== revision) {
      const model = parseXmlPartial(text).model;
      const result = model
        ? this.sandbox.build(model, { mesh: false })
        : Promise.reject(new Error("the document has no usable structure (see validate_xml)"));
      this.#fallback = { revision, result };
    }
    return this.#fallback.result;
  }

  #chatFor(session: Session): Chat {
    if (!this.#chat) {
      const s = this.settings;
      this.#chat = new Chat({
        baseURL: effectiveBaseURL(s, location.origin),
        ...(s.apiKey ? { apiKey: s.apiKey } : {}),
        model: s.model,
        session,
        tools: this.tools(),
        history: $state.snapshot(this.conversation.history),
      });
    }
    return this.#chat;
  }

  // ------------------------------------------------------------------ conversation

  #persist(conversation = this.conversation, docId = this.#doc?.id): void {
    if (docId) saveConversation(this.store, docId, $state.snapshot(conversation) as Conversation);
  }

  /** Start over: forget the transcript and what the model was told. */
  newConversation(): void {
    this.stop();
    this.#controller = null;
    this.busy = false;
    this.#chat = null;
    this.activePreview = null;
    this.conversation = emptyConversation();
    if (this.#doc) clearConversation(this.store, this.#doc.id);
  }

  card(key: string): PreviewCard | undefined {
    return this.conversation.cards[key];
  }

  /** The live preview of a card (null for invalid, expired, or unknown ones). */
  preview(changeId: string | null): Preview | undefined {
    return changeId ? this.#session?.previews.get(changeId) : undefined;
  }

  /** Send one message (L1–L10); resolves when the answer is complete or stopped. */
  async send(text: string): Promise<void> {
    const message = text.trim();
    const session = this.#session;
    if (!message || !session || this.busy || !this.configured) return;
    const chat = this.#chatFor(session);
    const controller = new AbortController();
    this.#controller = controller;
    this.busy = true;
    // The document may be closed, or the conversation restarted, before the answer ends.
    const conversation = this.conversation;
    const docId = this.#doc?.id;
    this.conversation.entries.push({
      kind: "user",
      id: entryId(),
      text: message,
      selection: [...this.wb.selection],
    });
    this.conversation.entries.push({
      kind: "assistant",
      id: entryId(),
      text: "",
      steps: [],
      previews: [],
      status: "streaming",
    });
    // The proxied entry, so that updates below are seen by the panel.
    const entry = this.conversation.entries.at(-1) as Extract<Entry, { kind: "assistant" }>;
    let lastStep = 0;
    try {
      const result = await chat.send(message, {
        signal: controller.signal,
        onEvent: (e) => {
          if (e.type === "text" && e.step !== lastStep && entry.text) entry.text += "\n\n";
          if (e.type === "text") lastStep = e.step;
          this.#onEvent(entry, e);
        },
      });
      // Keep what streamed (text the model wrote before its tool calls too) when it ends with
      // the answer; otherwise show the loop's answer (stopped, failed, or a fallback sentence).
      if (!entry.text.trimEnd().endsWith(result.answer.trim())) entry.text = result.answer;
      entry.status = result.aborted ? "stopped" : result.error ? "error" : "done";
      if (result.error) entry.error = result.error.message;
      // Calls that were running when the user stopped: ABORTED (L6).
      for (const t of result.toolCalls) this.#finishStep(entry, t);
      for (const s of entry.steps) if (s.status === "running") s.status = "error";
    } catch (e) {
      entry.status = "error";
      entry.error = e instanceof Error ? e.message : String(e);
      entry.text ||= `The assistant failed: ${entry.error}`;
    } finally {
      if (this.conversation === conversation) {
        conversation.history = [...chat.history];
        this.#persist(conversation, docId);
      }
      if (this.#controller === controller) {
        this.busy = false;
        this.#controller = null;
      }
    }
  }

  /** L6: stop the answer and the tools now. */
  stop(): void {
    this.#controller?.abort();
  }

  #onEvent(entry: Extract<Entry, { kind: "assistant" }>, e: ChatEvent): void {
    switch (e.type) {
      case "request":
      case "preview":
      case "done":
        return;
      case "text":
        entry.text += e.delta;
        return;
      case "tool-start":
        entry.steps.push({
          callId: e.callId,
          tool: e.tool,
          args: e.args,
          status: "running",
          cached: false,
          durationMs: null,
          summary: "running…",
          details: [],
        });
        return;
      case "tool-end":
        this.#finishStep(entry, e.trace);
        return;
      default: {
        const never: never = e;
        return never;
      }
    }
  }

  #finishStep(entry: { steps: Step[]; previews: string[] }, t: TraceEvent): void {
    let step = entry.steps.find((s) => s.callId === t.callId);
    if (!step) {
      entry.steps.push({
        callId: t.callId,
        tool: t.tool,
        args: typeof t.args === "string" ? t.args : JSON.stringify(t.args),
        status: "running",
        cached: false,
        durationMs: null,
        summary: "",
        details: [],
      });
      step = entry.steps.at(-1)!;
    } else if (step.status !== "running") return;
    const s = summarize(t.tool, t.result);
    step.status = t.ok ? "ok" : "error";
    step.cached = t.cached;
    step.durationMs = t.durationMs;
    if (t.errorCode) step.errorCode = t.errorCode;
    step.summary = s.summary;
    step.details = s.details;
    if (t.tool === "preview_change") this.#cardFor(entry, t.callId, t.args, t.result);
  }

  /** A preview_change answer → a card (valid: a preview to apply; invalid: its problems). */
  #cardFor(entry: { previews: string[] }, callId: string, args: unknown, result: ToolResult): void {
    if (!result.ok) return;
    const data = result.data as { changeId?: unknown; valid?: unknown; errors?: unknown };
    if (typeof data.changeId === "string") {
      const p = this.#session?.previews.get(data.changeId);
      if (!p || this.conversation.cards[p.changeId]) return;
      this.conversation.cards[p.changeId] = cardOfPreview(p, callId);
      entry.previews.push(p.changeId);
      if (p.build.mesh) this.activePreview = p.changeId;
    } else if (data.valid === false) {
      const summary =
        typeof args === "object" && args && "summary" in args
          ? String((args as { summary: unknown }).summary)
          : "Proposed change";
      this.conversation.cards[callId] = cardOfInvalid(
        result.data as Parameters<typeof cardOfInvalid>[0],
        summary,
        callId,
      );
      entry.previews.push(callId);
    }
  }

  #note(text: string, previews: string[] = []): void {
    this.conversation.entries.push({ kind: "note", id: entryId(), text, previews });
  }

  // ------------------------------------------------------------------ apply and reject (L7)

  async apply(changeId: string): Promise<void> {
    const session = this.#session;
    const card = this.conversation.cards[changeId];
    if (!session || !card) return;
    const r = await applyPreview(session, changeId);
    this.previewVersion++;
    switch (r.status) {
      case "applied":
        card.status = "applied";
        card.message = "Applied as one step: Ctrl+Z undoes it.";
        if (this.activePreview === changeId) this.activePreview = null;
        this.#note(`You applied change ${changeId}.`);
        break;
      case "rebased": {
        card.status = "superseded";
        card.message = `The document changed since ${changeId} was proposed; the same change on the current document is ${r.preview.changeId}.`;
        const next = cardOfPreview(r.preview, card.callId);
        next.message = `The document changed since ${changeId} was proposed: this is the same change carried onto it. Check it, then Apply again.`;
        this.conversation.cards[r.preview.changeId] = next;
        this.#note(`Change ${changeId} was carried onto the changed document.`, [
          r.preview.changeId,
        ]);
        this.activePreview = r.preview.changeId;
        break;
      }
      case "conflict":
      case "refused":
        card.status = "superseded";
        card.message = r.message;
        if (this.activePreview === changeId) this.activePreview = null;
        break;
      default: {
        const never: never = r;
        return never;
      }
    }
    this.#persist();
  }

  reject(changeId: string): void {
    const session = this.#session;
    const card = this.conversation.cards[changeId];
    if (!session || !card) return;
    if (rejectPreview(session, changeId)) {
      card.status = "rejected";
      card.message = "Rejected: the assistant is told with your next message.";
      this.#note(`You rejected change ${changeId}.`);
    }
    if (this.activePreview === changeId) this.activePreview = null;
    this.previewVersion++;
    this.#persist();
  }

  // ------------------------------------------------------------------ Tools panel

  /** Run one tool by hand against the live session ("Try it"); previews it makes get a card. */
  async tryTool(name: string, argsText: string): Promise<TryResult> {
    const session = this.#session;
    if (!session) throw new Error("Open a document first.");
    const runner = new ToolRunner(session, this.tools());
    const out = await runner.run({ name, arguments: argsText }, new AbortController().signal);
    if (name === "preview_change" && out.result.ok) {
      const holder = { previews: [] as string[] };
      const callId = `try-${entryId()}`;
      this.#cardFor(holder, callId, out.args, out.result);
      if (holder.previews.length) {
        this.#note(`You ran preview_change by hand.`, holder.previews);
        this.#persist();
      }
    }
    return { tool: name, envelope: out.result, durationMs: out.durationMs, cached: out.cached };
  }

  dispose(): void {
    this.attach(null);
    void this.sandbox.dispose();
  }
}
