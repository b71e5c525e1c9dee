/**
 * One conversation per document, kept in this browser's storage: what the panel shows (the
 * transcript) and what the model is sent next time (the Chat history, L9). Never part of the
 * document, never exported.
 */
import type { ChatMessage } from "@kerf/ai";
import type { PreviewCard } from "./preview-card.ts";
import type { KeyValueStore } from "./settings.ts";

/** One tool call as the panel shows it (L8 plus a readable summary). */
export interface Step {
  callId: string;
  tool: string;
  /** The arguments as the model sent them (a JSON string, perhaps malformed). */
  args: string;
  status: "running" | "ok" | "error";
  cached: boolean;
  durationMs: number | null;
  errorCode?: string;
  /** One line saying what came back. */
  summary: string;
  /** Further lines (validation problems, refs found…). */
  details: string[];
}

export type Entry =
  | { kind: "user"; id: string; text: string; selection: string[] }
  | {
      kind: "assistant";
      id: string;
      text: string;
      steps: Step[];
      /** changeIds of the previews made during this answer. */
      previews: string[];
      status: "streaming" | "done" | "stopped" | "error";
      error?: string;
    }
  /** A decision or event worth keeping in the transcript ("You applied c1."). */
  | { kind: "note"; id: string; text: string; previews?: string[] };

export interface Conversation {
  version: 1;
  entries: Entry[];
  /** Preview cards by changeId (snapshots: a reloaded page can no longer apply them). */
  cards: Record<string, PreviewCard>;
  /** What the model has seen so far (without the system prompt). */
  history: ChatMessage[];
}

export const emptyConversation = (): Conversation => ({
  version: 1,
  entries: [],
  cards: {},
  history: [],
});

/** The changeId number a new preview of this conversation starts at: after every id it holds. */
export function nextChangeNumber(c: Conversation): number {
  let max = 0;
  for (const id of Object.keys(c.cards)) {
    const n = /^c(\d+)$/.exec(id);
    if (n) max = Math.max(max, Number(n[1]));
  }
  return max + 1;
}

export const conversationKey = (docId: string): string => `kerf.assistant.conversation.${docId}`;

/** Upper bound of one stored conversation, in characters (localStorage holds ~5 MB per origin). */
export const MAX_STORED_CHARS = 600_000;

export function loadConversation(store: KeyValueStore | null, docId: string): Conversation {
  const raw = store?.getItem(conversationKey(docId));
  if (!raw) return emptyConversation();
  try {
    const v = JSON.parse(raw) as Partial<Conversation>;
    if (v.version !== 1 || !Array.isArray(v.entries) || !Array.isArray(v.history))
      return emptyConversation();
    const entries = v.entries.map((e) =>
      // An answer that was streaming when the page went away did not finish.
      e.kind === "assistant" && e.status === "streaming"
        ? {
            ...e,
            status: "stopped" as const,
            steps: e.steps.map((s) =>
              s.status === "running" ? { ...s, status: "error" as const } : s,
            ),
          }
        : e,
    );
    return { version: 1, entries, cards: v.cards ?? {}, history: v.history };
  } catch {
    return emptyConversation();
  }
}

/**
 * Stores the conversation, dropping its oldest turns when it is too large. Returns false when the
 * browser refused to store it (quota).
 */
export function saveConversation(
  store: KeyValueStore | null,
  docId: string,
  c: Conversation,
  maxChars = MAX_STORED_CHARS,
): boolean {
  if (!store) return false;
  let text = JSON.stringify(c);
  let current = c;
  while (text.length > maxChars && current.entries.length > 1) {
    current = dropOldestTurn(current);
    text = JSON.stringify(current);
  }
  try {
    store.setItem(conversationKey(docId), text);
    return true;
  } catch {
    return false;
  }
}

export function clearConversation(store: KeyValueStore | null, docId: string): void {
  store?.removeItem(conversationKey(docId));
}

/**
 * The conversation without its first turn: entries up to the second user message, and the model
 * history up to its second user message (so every tool call keeps its result).
 */
export function dropOldestTurn(c: Conversation): Conversation {
  const nextUser = c.entries.findIndex((e, i) => i > 0 && e.kind === "user");
  const entries = nextUser < 0 ? c.entries.slice(-1) : c.entries.slice(nextUser);
  const hUser = c.history.findIndex((m, i) => i > 0 && m.role === "user");
  const history = hUser < 0 ? [] : c.history.slice(hUser);
  const kept = new Set(entries.flatMap((e) => (e.kind === "user" ? [] : (e.previews ?? []))));
  const cards = Object.fromEntries(Object.entries(c.cards).filter(([id]) => kept.has(id)));
  return { version: 1, entries, cards, history };
}

let serial = 0;
/** A short unique id for a transcript entry. */
export function entryId(): string {
  serial++;
  return `${Date.now().toString(36)}-${serial.toString(36)}`;
}
