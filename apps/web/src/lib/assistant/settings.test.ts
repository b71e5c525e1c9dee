import { describe, expect, it } from "vitest";
import {
  EMPTY_SETTINGS,
  MemoryStore,
  SETTINGS_KEY,
  clearSettings,
  effectiveBaseURL,
  isConfigured,
  loadDisabledTools,
  loadSettings,
  saveDisabledTools,
  saveSettings,
  settingsProblems,
} from "./settings.ts";

describe("endpoint settings", () => {
  it("[L10] round-trips base URL, model, key and relay through the store, trimmed", () => {
    const store = new MemoryStore();
    saveSettings(store, {
      baseURL: " http://localhost:11434/v1 ",
      model: "qwen2.5:14b ",
      apiKey: " sk-test ",
      useRelay: true,
    });
    expect(loadSettings(store)).toEqual({
      baseURL: "http://localhost:11434/v1",
      model: "qwen2.5:14b",
      apiKey: "sk-test",
      useRelay: true,
    });
    clearSettings(store);
    expect(loadSettings(store)).toEqual(EMPTY_SETTINGS);
  });

  it("reads nothing from a missing or corrupt entry", () => {
    expect(loadSettings(null)).toEqual(EMPTY_SETTINGS);
    const store = new MemoryStore();
    store.setItem(SETTINGS_KEY, "{not json");
    expect(loadSettings(store)).toEqual(EMPTY_SETTINGS);
    store.setItem(SETTINGS_KEY, JSON.stringify({ baseURL: 3, model: "m", useRelay: "yes" }));
    expect(loadSettings(store)).toEqual({ ...EMPTY_SETTINGS, model: "m" });
  });

  it("says what is missing before the assistant can be used", () => {
    expect(isConfigured(EMPTY_SETTINGS)).toBe(false);
    expect(settingsProblems({ ...EMPTY_SETTINGS, baseURL: "ftp://x", model: "m" })).toEqual([
      "The base URL must start with http:// or https://.",
    ]);
    expect(settingsProblems({ ...EMPTY_SETTINGS, baseURL: "not a url", model: "" })).toHaveLength(
      2,
    );
    expect(
      isConfigured({ ...EMPTY_SETTINGS, baseURL: "https://api.openai.com/v1", model: "gpt-4.1" }),
    ).toBe(true);
  });

  it("talks to the endpoint directly, or through the same-origin relay", () => {
    const s = { ...EMPTY_SETTINGS, baseURL: "https://api.openai.com/v1/", model: "m" };
    expect(effectiveBaseURL(s, "http://localhost:5173")).toBe("https://api.openai.com/v1");
    expect(effectiveBaseURL({ ...s, useRelay: true }, "http://localhost:5173")).toBe(
      "http://localhost:5173/relay/https%3A%2F%2Fapi.openai.com%2Fv1",
    );
  });

  it("keeps the key out of everything but its own entry", () => {
    const store = new MemoryStore();
    saveSettings(store, {
      baseURL: "http://h/v1",
      model: "m",
      apiKey: "sk-secret",
      useRelay: false,
    });
    saveDisabledTools(store, ["find_edges"]);
    expect(effectiveBaseURL(loadSettings(store), "http://o")).not.toContain("sk-secret");
    expect(store.size).toBe(2);
  });

  it("[T0] remembers which tools are disabled", () => {
    const store = new MemoryStore();
    expect([...loadDisabledTools(store)]).toEqual([]);
    saveDisabledTools(store, new Set(["validate_xml", "find_edges"]));
    expect([...loadDisabledTools(store)]).toEqual(["find_edges", "validate_xml"]);
  });
});
