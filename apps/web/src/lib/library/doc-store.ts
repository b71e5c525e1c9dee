/**
 * Opening a stored document's Y.Doc. A plain Y.Doc is filled from y-indexeddb (nothing is
 * written on open). While this tab holds the document's Web Lock, the Y.Doc takes the client id
 * that wrote the document before, so a local document stays a one-writer document and new ids stay
 * short; without the lock (another tab has it open) a fresh client id keeps replicas apart.
 */
import * as Y from "yjs";
import { IndexeddbPersistence } from "y-indexeddb";
import { docDatabaseName } from "./index-store.ts";

export interface StoredDoc {
  ydoc: Y.Doc;
  persistence: IndexeddbPersistence;
  /** True when this tab is the document's only writer (the lock is held). */
  exclusive: boolean;
  /** Resolves when every update written so far is committed to IndexedDB. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** Hold a Web Lock until `release` is called; resolves false when someone else holds it. */
function holdLock(name: string): Promise<{ held: boolean; release: () => void }> {
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  if (!locks) return Promise.resolve({ held: false, release: () => {} });
  return new Promise((resolve) => {
    let release = () => {};
    const released = new Promise<void>((r) => (release = r));
    locks
      .request(name, { ifAvailable: true }, async (lock) => {
        if (!lock) {
          resolve({ held: false, release: () => {} });
          return;
        }
        resolve({ held: true, release });
        await released;
      })
      .catch(() => resolve({ held: false, release: () => {} }));
  });
}

export async function openStoredDoc(id: string, clientId: number | undefined): Promise<StoredDoc> {
  const lock = await holdLock(`kerf-doc-${id}`);
  const ydoc = new Y.Doc();
  const persistence = new IndexeddbPersistence(docDatabaseName(id), ydoc);
  await persistence.whenSynced;
  // Only after loading: Yjs re-randomises its client id when a non-local update (the load)
  // brings items of its own id. Nothing has been written locally yet, so the swap is safe.
  if (lock.held && clientId !== undefined) ydoc.clientID = clientId;
  return {
    ydoc,
    persistence,
    exclusive: lock.held,
    flush: () =>
      new Promise<void>((resolve) => {
        // y-indexeddb writes each update in its own readwrite transaction on "updates"; one made
        // now on the same store completes only after all of those have.
        const db = persistence.db;
        if (!db) return resolve();
        const tx = db.transaction(["updates"], "readwrite");
        tx.oncomplete = tx.onerror = tx.onabort = () => resolve();
      }),
    async close() {
      await persistence.destroy();
      ydoc.destroy();
      lock.release();
    },
  };
}
