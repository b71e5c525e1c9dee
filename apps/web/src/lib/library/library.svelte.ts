/**
 * Local documents: the index (names and dates) and each document's Y.Doc in y-indexeddb.
 * New, rename, duplicate, delete, import from text. Opening is `openDocument` (document.ts).
 */
import { IndexeddbPersistence } from "y-indexeddb";
import { openStoredDoc } from "./doc-store.ts";
import { createDoc, loadText, setMeta, toText, validate, type Problem } from "@kerf/document";
import {
  deleteDatabase,
  deleteEntry,
  docDatabaseName,
  getEntry,
  listEntries,
  newDocumentId,
  putEntry,
  type DocumentEntry,
} from "./index-store.ts";

export type { DocumentEntry };

type YDoc = ReturnType<typeof createDoc>;

export type ImportResult =
  { ok: true; entry: DocumentEntry; warnings: Problem[] } | { ok: false; problems: Problem[] };

/** Store a Y.Doc under a new id and close the store again. */
async function persistNew(id: string, doc: YDoc): Promise<void> {
  const p = new IndexeddbPersistence(docDatabaseName(id), doc);
  await p.whenSynced;
  await p.destroy();
}

/** Read a stored document's text form without opening it in the editor. */
export async function readStoredText(id: string): Promise<string> {
  const stored = await openStoredDoc(id, undefined);
  const text = toText(stored.ydoc);
  await stored.close();
  return text;
}

/** A name not yet used in the library: "Part 3", "Plate (copy 2)". */
export function uniqueName(base: string, used: Iterable<string>): string {
  const taken = new Set(used);
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) {
    const candidate = `${base} ${i}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** "Part 1", "Part 2", …: the first not in use. */
export function nextPartName(used: Iterable<string>): string {
  const taken = new Set(used);
  for (let i = 1; ; i++) if (!taken.has(`Part ${i}`)) return `Part ${i}`;
}

export class Library {
  entries = $state<DocumentEntry[]>([]);
  loaded = $state(false);

  async refresh(): Promise<void> {
    this.entries = await listEntries();
    this.loaded = true;
  }

  get(id: string): DocumentEntry | undefined {
    return this.entries.find((e) => e.id === id);
  }

  async exists(id: string): Promise<boolean> {
    return (await getEntry(id)) !== undefined;
  }

  /** A new, empty document. */
  async create(name?: string): Promise<DocumentEntry> {
    await this.refresh();
    const finalName = name ?? nextPartName(this.entries.map((e) => e.name));
    const id = newDocumentId();
    const doc = createDoc({ name: finalName });
    await persistNew(id, doc);
    doc.destroy();
    const now = Date.now();
    const entry: DocumentEntry = {
      id,
      name: finalName,
      createdAt: now,
      updatedAt: now,
      clientId: doc.clientID,
    };
    await putEntry(entry);
    await this.refresh();
    return entry;
  }

  /**
   * A new document from a text form. An invalid text (any D6 error) is refused with its problems
   * and nothing is stored.
   */
  async importText(text: string, fallbackName: string): Promise<ImportResult> {
    const report = validate(text);
    if (!report.valid) return { ok: false, problems: report.errors };
    const doc = createDoc();
    const loaded = loadText(doc, text, "load");
    if (!loaded.ok) return { ok: false, problems: loaded.report.errors };
    const meta = doc.getMap("meta");
    let name = typeof meta.get("name") === "string" ? String(meta.get("name")) : "";
    if (!name) {
      name = fallbackName;
      setMeta(doc, { name }, "load");
    }
    const id = newDocumentId();
    await persistNew(id, doc);
    doc.destroy();
    const now = Date.now();
    const entry: DocumentEntry = {
      id,
      name,
      createdAt: now,
      updatedAt: now,
      clientId: doc.clientID,
    };
    await putEntry(entry);
    await this.refresh();
    return { ok: true, entry, warnings: report.warnings };
  }

  async duplicate(id: string, openText?: string): Promise<DocumentEntry | null> {
    const source = this.get(id);
    if (!source) return null;
    const text = openText ?? (await readStoredText(id));
    const doc = createDoc();
    const loaded = loadText(doc, text, "load");
    if (!loaded.ok) return null;
    const name = uniqueName(
      `${source.name} (copy)`,
      this.entries.map((e) => e.name),
    );
    setMeta(doc, { name }, "load");
    const newId = newDocumentId();
    await persistNew(newId, doc);
    doc.destroy();
    const now = Date.now();
    const entry: DocumentEntry = {
      id: newId,
      name,
      createdAt: now,
      updatedAt: now,
      clientId: doc.clientID,
    };
    await putEntry(entry);
    await this.refresh();
    return entry;
  }

  /** Record a new name or modification time (the document itself is renamed by the caller). */
  async touch(id: string, patch: Partial<Pick<DocumentEntry, "name">> = {}): Promise<void> {
    const entry = (await getEntry(id)) ?? this.get(id);
    if (!entry) return;
    const next = { ...entry, ...patch, updatedAt: Date.now() };
    await putEntry(next);
    this.entries = this.entries
      .map((e) => (e.id === id ? next : e))
      .sort((a, b) => b.updatedAt - a.updatedAt);
  }

  /** Rename a document that is not open (opens its store briefly). */
  async renameStored(id: string, name: string): Promise<void> {
    const stored = await openStoredDoc(id, this.get(id)?.clientId);
    setMeta(stored.ydoc, { name }, "user");
    await stored.close();
    await this.touch(id, { name });
  }

  async remove(id: string): Promise<void> {
    await deleteEntry(id);
    await deleteDatabase(docDatabaseName(id));
    await this.refresh();
  }
}
