/**
 * The small index of local documents (id, name, dates) in its own IndexedDB database. Each
 * document's content lives in its own y-indexeddb database (`kerf-doc-<id>`).
 */

export interface DocumentEntry {
  id: string;
  name: string;
  createdAt: number;
  updatedAt: number;
  /**
   * The Yjs client id that wrote this document. Reused when the document is reopened and no
   * other tab has it open, so a local document keeps one writer and short feature ids (D7.2).
   */
  clientId?: number;
}

const DB_NAME = "kerf-library";
const STORE = "documents";

/** y-indexeddb database name of a document. */
export const docDatabaseName = (id: string): string => `kerf-doc-${id}`;

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error ?? new Error("IndexedDB request failed"));
  });
}

let opening: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  opening ??= new Promise((resolve, reject) => {
    const r = indexedDB.open(DB_NAME, 1);
    r.onupgradeneeded = () => {
      if (!r.result.objectStoreNames.contains(STORE)) {
        r.result.createObjectStore(STORE, { keyPath: "id" });
      }
    };
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error ?? new Error("cannot open the document index"));
  });
  return opening;
}

async function store(mode: IDBTransactionMode): Promise<IDBObjectStore> {
  const db = await open();
  return db.transaction(STORE, mode).objectStore(STORE);
}

export async function listEntries(): Promise<DocumentEntry[]> {
  const all = await request((await store("readonly")).getAll() as IDBRequest<DocumentEntry[]>);
  return all.sort((a, b) => b.updatedAt - a.updatedAt);
}

export async function getEntry(id: string): Promise<DocumentEntry | undefined> {
  return request((await store("readonly")).get(id) as IDBRequest<DocumentEntry | undefined>);
}

export async function putEntry(entry: DocumentEntry): Promise<void> {
  await request((await store("readwrite")).put(entry));
}

export async function deleteEntry(id: string): Promise<void> {
  await request((await store("readwrite")).delete(id));
}

/** Remove a whole IndexedDB database (a document's content). */
export function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const r = indexedDB.deleteDatabase(name);
    r.onsuccess = () => resolve();
    r.onblocked = () => resolve();
    r.onerror = () => reject(r.error ?? new Error(`cannot delete ${name}`));
  });
}

/** A new document id: time-ordered and random, safe in a database name. */
export function newDocumentId(): string {
  const rand = crypto.getRandomValues(new Uint32Array(2));
  return `${Date.now().toString(36)}-${rand[0]!.toString(36)}${rand[1]!.toString(36)}`;
}
