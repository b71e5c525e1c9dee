/**
 * The assistant's endpoint settings (L10) and tool switches, kept in this browser's storage only:
 * never in the document, the URL or an export. The API key leaves the browser only in requests to
 * the configured endpoint (or, when the relay is on, to this app's own server, which passes it on).
 */

/** What the settings form edits. */
export interface EndpointSettings {
  /** e.g. `https://api.openai.com/v1`, `http://localhost:11434/v1`. */
  baseURL: string;
  model: string;
  /** May be empty: local servers ignore it. */
  apiKey: string;
  /** Send requests through the app server's same-origin relay (`/relay/…`, server.mjs). */
  useRelay: boolean;
}

/** The subset of the Web Storage API we use (localStorage in the app; a Map in Node tests). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const SETTINGS_KEY = "kerf.assistant.endpoint";
export const TOOLS_KEY = "kerf.assistant.disabledTools";

export const EMPTY_SETTINGS: EndpointSettings = {
  baseURL: "",
  model: "",
  apiKey: "",
  useRelay: false,
};

export function loadSettings(store: KeyValueStore | null): EndpointSettings {
  const raw = store?.getItem(SETTINGS_KEY);
  if (!raw) return { ...EMPTY_SETTINGS };
  try {
    const v = JSON.parse(raw) as Partial<Record<keyof EndpointSettings, unknown>>;
    return {
      baseURL: typeof v.baseURL === "string" ? v.baseURL : "",
      model: typeof v.model === "string" ? v.model : "",
      apiKey: typeof v.apiKey === "string" ? v.apiKey : "",
      useRelay: v.useRelay === true,
    };
  } catch {
    return { ...EMPTY_SETTINGS };
  }
}

export function saveSettings(store: KeyValueStore | null, s: EndpointSettings): void {
  if (!store) return;
  const clean: EndpointSettings = {
    baseURL: s.baseURL.trim(),
    model: s.model.trim(),
    apiKey: s.apiKey.trim(),
    useRelay: s.useRelay,
  };
  store.setItem(SETTINGS_KEY, JSON.stringify(clean));
}

export function clearSettings(store: KeyValueStore | null): void {
  store?.removeItem(SETTINGS_KEY);
}

/** Problems that keep the settings from being used, in words; empty when usable. */
export function settingsProblems(s: EndpointSettings): string[] {
  const out: string[] = [];
  const base = s.baseURL.trim();
  if (!base) out.push("Enter the endpoint's base URL, e.g. http://localhost:11434/v1.");
  else {
    let url: URL | null = null;
    try {
      url = new URL(base);
    } catch {
      out.push("The base URL is not a valid URL.");
    }
    if (url && url.protocol !== "http:" && url.protocol !== "https:")
      out.push("The base URL must start with http:// or https://.");
  }
  if (!s.model.trim()) out.push("Enter the model name, e.g. gpt-4.1 or qwen2.5:14b.");
  return out;
}

export function isConfigured(s: EndpointSettings): boolean {
  return settingsProblems(s).length === 0;
}

/** The path prefix of server.mjs's relay. */
export const RELAY_PREFIX = "/relay/";

/**
 * The base URL the client talks to: the endpoint itself, or the relay on `origin` with the
 * endpoint's base URL as its first path segment (`/relay/<encoded base>/chat/completions`).
 */
export function effectiveBaseURL(s: EndpointSettings, origin: string): string {
  const base = s.baseURL.trim().replace(/\/+$/, "");
  return s.useRelay ? `${origin}${RELAY_PREFIX}${encodeURIComponent(base)}` : base;
}

export function loadDisabledTools(store: KeyValueStore | null): Set<string> {
  const raw = store?.getItem(TOOLS_KEY);
  if (!raw) return new Set();
  try {
    const v: unknown = JSON.parse(raw);
    return new Set(Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);
  } catch {
    return new Set();
  }
}

export function saveDisabledTools(store: KeyValueStore | null, names: Iterable<string>): void {
  store?.setItem(TOOLS_KEY, JSON.stringify([...names].sort()));
}

/** localStorage when the page may use it (private modes and Node have none). */
export function browserStore(): KeyValueStore | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** A store in memory (Node tests; browsers without localStorage). */
export class MemoryStore implements KeyValueStore {
  readonly #items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.#items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.#items.set(key, value);
  }
  removeItem(key: string): void {
    this.#items.delete(key);
  }
  get size(): number {
    return this.#items.size;
  }
}
