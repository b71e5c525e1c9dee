import { describe, expect, it } from "vitest";
import type { ChatMessage } from "@kerf/ai";
import {
  clearConversation,
  conversationKey,
  dropOldestTurn,
  emptyConversation,
  loadConversation,
  nextChangeNumber,
  saveConversation,
  type Conversation,
  type Entry,
} from "./conversation.ts";
import { MemoryStore } from "./settings.ts";

function turn(n: number, big = ""): { entries: Entry[]; history: ChatMessage[] } {
  return {
    entries: [
      { kind: "user", id: `u${n}`, text: `question ${n}`, selection: [] },
      {
        kind: "assistant",
        id: `a${n}`,
        text: `answer ${n}${big}`,
        steps: [],
        previews: [`c${n}`],
        status: "done",
      },
    ],
    history: [
      { role: "user", content: `question ${n}` },
      {
        role: "assistant",
        content: null,
        tool_calls: [
          { id: `call${n}`, type: "function", function: { name: "find_faces", arguments: "{}" } },
        ],
      },
      { role: "tool", tool_call_id: `call${n}`, content: `{"ok":true}${big}` },
      { role: "assistant", content: `answer ${n}` },
    ],
  };
}

function conversationOf(turns: number, big = ""): Conversation {
  const c = emptyConversation();
  for (let i = 1; i <= turns; i++) {
    const t = turn(i, big);
    c.entries.push(...t.entries);
    c.history.push(...t.history);
    c.cards[`c${i}`] = {
      changeId: `c${i}`,
      callId: `call${i}`,
      summary: "s",
      status: "applied",
      problems: [],
      diff: [],
      build: [],
      body: {
        volume: { before: 1, after: 2 },
        area: { before: 1, after: 2 },
        faces: { before: 6, after: 10 },
      },
    };
  }
  return c;
}

describe("one conversation per document, kept locally", () => {
  it("stores and restores a document's conversation under its own key", () => {
    const store = new MemoryStore();
    const c = conversationOf(2);
    expect(saveConversation(store, "doc1", c)).toBe(true);
    expect(loadConversation(store, "doc1")).toEqual(c);
    expect(loadConversation(store, "doc2")).toEqual(emptyConversation());
    expect(store.getItem(conversationKey("doc1"))).toContain("question 2");
    clearConversation(store, "doc1");
    expect(loadConversation(store, "doc1")).toEqual(emptyConversation());
  });

  it("an answer that was streaming when the page closed comes back stopped", () => {
    const store = new MemoryStore();
    const c = conversationOf(1);
    const a = c.entries[1] as Extract<Entry, { kind: "assistant" }>;
    a.status = "streaming";
    a.steps.push({
      callId: "x",
      tool: "find_faces",
      args: "{}",
      status: "running",
      cached: false,
      durationMs: null,
      summary: "",
      details: [],
    });
    saveConversation(store, "d", c);
    const back = loadConversation(store, "d").entries[1] as Extract<Entry, { kind: "assistant" }>;
    expect(back.status).toBe("stopped");
    expect(back.steps[0]!.status).toBe("error");
  });

  it("ignores corrupt or foreign entries", () => {
    const store = new MemoryStore();
    store.setItem(conversationKey("d"), "{");
    expect(loadConversation(store, "d")).toEqual(emptyConversation());
    store.setItem(conversationKey("d"), JSON.stringify({ version: 7, entries: [] }));
    expect(loadConversation(store, "d")).toEqual(emptyConversation());
  });

  it("drops whole turns, oldest first, so every tool call keeps its result", () => {
    const c = dropOldestTurn(conversationOf(3));
    expect(c.entries.map((e) => e.id)).toEqual(["u2", "a2", "u3", "a3"]);
    expect(c.history[0]).toEqual({ role: "user", content: "question 2" });
    expect(c.history).toHaveLength(8);
    expect(Object.keys(c.cards)).toEqual(["c2", "c3"]);
  });

  it("trims a conversation that outgrows its budget", () => {
    const store = new MemoryStore();
    const c = conversationOf(5, "x".repeat(2000));
    expect(saveConversation(store, "d", c, 9000)).toBe(true);
    const back = loadConversation(store, "d");
    expect(back.entries.length).toBeLessThan(c.entries.length);
    expect(back.entries.at(-1)!.id).toBe("a5");
    expect(back.history[0]!.role).toBe("user");
  });

  it("reports a refused write (quota) instead of throwing", () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => undefined,
    };
    expect(saveConversation(full, "d", conversationOf(1))).toBe(false);
  });

  it("[L7] a restored conversation numbers new previews after the ones it holds", () => {
    expect(nextChangeNumber(emptyConversation())).toBe(1);
    const c = conversationOf(3);
    expect(nextChangeNumber(c)).toBe(4);
    c.cards["c12"] = { ...c.cards["c1"]!, changeId: "c12" };
    expect(nextChangeNumber(c)).toBe(13);
  });
});
