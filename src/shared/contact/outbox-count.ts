/**
 * How many entries the outbox holds, read with bare IndexedDB: no idb-keyval, no outbox code, so
 * the page can ask on every load and load the outbox pipeline only when something waits. The
 * storage names live here (./outbox.ts, which owns the schema, uses them too).
 */
export const OUTBOX_DB_NAME = "portfolio-outbox";
export const OUTBOX_STORE_NAME = "entries";

/**
 * The number of records in the outbox store. A database that does not exist yet is not created
 * by this read (its creation is aborted), so the outbox still creates its own store later.
 * Rejects when IndexedDB fails.
 */
export function countOutboxEntries(dbName = OUTBOX_DB_NAME, storeName = OUTBOX_STORE_NAME): Promise<number> {
  return new Promise((resolve, reject) => {
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(dbName);
    } catch (error) {
      reject(error);
      return;
    }
    let created = false;
    request.onupgradeneeded = () => {
      created = true;
      request.transaction?.abort();
    };
    request.onerror = (event) => {
      if (created) {
        // The aborted creation: there is no outbox yet.
        event.preventDefault();
        resolve(0);
      } else reject(request.error);
    };
    request.onsuccess = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(storeName)) {
        db.close();
        resolve(0);
        return;
      }
      const count = db.transaction(storeName, "readonly").objectStore(storeName).count();
      count.onsuccess = () => {
        db.close();
        resolve(count.result);
      };
      count.onerror = () => {
        db.close();
        reject(count.error);
      };
    };
  });
}
