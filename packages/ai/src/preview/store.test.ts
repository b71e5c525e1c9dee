import { describe, expect, it } from "vitest";
import { PreviewStore } from "./store.ts";

type Draft = Parameters<PreviewStore["add"]>[0];

describe("PreviewStore change ids", () => {
  // The store only numbers and keeps what it is given; the fields do not matter here.
  const draft = {} as Draft;

  it("[L7] numbers previews c1, c2, … by default", () => {
    const store = new PreviewStore();
    expect([store.add(draft).changeId, store.add(draft).changeId]).toEqual(["c1", "c2"]);
  });

  it("[L7] starts after the ids a restored conversation already mentions", () => {
    const store = new PreviewStore({ firstNumber: 7 });
    expect(store.add(draft).changeId).toBe("c7");
    expect(store.get("c7")?.status).toBe("awaiting_user");
    expect(store.get("c1")).toBeUndefined();
  });
});
