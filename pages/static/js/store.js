// Where the outbox lives: IndexedDB in the browser (it survives a reload, a closed tab, a crash),
// and an in-memory twin with the same interface for node's tests (and a browser refusing storage).
//
//   all(gameId)               -> the game's outbox records, oldest first (by `seq`)
//   get(id)                   -> one record, or undefined
//   write({put, remove})      -> puts records and removes ids in ONE transaction: both or neither
//   getValue(key), setValue(key, value), deleteValue(key)   -> small values the page keeps (its binding)
//
// A record is a plain object (structured-clonable): {id, gameId, seq, key, command, expected_version,
// after, state, refusal, at}; outbox.js owns its meaning.

// 2: tablet.html's head may make the database first, with the values store alone (it keeps a binding's key there
// before sending it); opening at 2 makes what is missing. Stores are only ever added, never changed.
const DB_VERSION = 2;
const OUTBOX = 'outbox';
const VALUES = 'values';

const clone = (value) => (value === undefined ? undefined : structuredClone(value));
const bySeq = (a, b) => a.seq - b.seq;

export function memoryStore() {
  const records = new Map();
  const values = new Map();
  return {
    kind: 'memory',
    async all(gameId) {
      return [...records.values()].filter((r) => r.gameId === gameId).sort(bySeq).map(clone);
    },
    async get(id) {
      return clone(records.get(id));
    },
    async write({ put = [], remove = [] } = {}) {
      const copies = put.map(clone); // cloned first: a record that cannot be stored fails the whole write
      for (const id of remove) records.delete(id);
      for (const record of copies) records.set(record.id, record);
    },
    async getValue(key) {
      return clone(values.get(key));
    },
    async setValue(key, value) {
      values.set(key, clone(value));
    },
    async deleteValue(key) {
      values.delete(key);
    },
  };
}

const done = (req) => new Promise((resolve, reject) => {
  req.onsuccess = () => resolve(req.result);
  req.onerror = () => reject(req.error);
});

const finished = (tx) => new Promise((resolve, reject) => {
  tx.oncomplete = () => resolve();
  tx.onerror = () => reject(tx.error);
  tx.onabort = () => reject(tx.error || new Error('IndexedDB transaction aborted'));
});

// The IndexedDB store named `name` (one per origin is enough: records carry their game).
export async function openStore(name = 'planilla', indexedDB = globalThis.indexedDB) {
  if (!indexedDB) throw new Error('IndexedDB is not available in this browser');
  const open = indexedDB.open(name, DB_VERSION);
  open.onupgradeneeded = () => {
    const db = open.result;
    if (!db.objectStoreNames.contains(OUTBOX)) {
      db.createObjectStore(OUTBOX, { keyPath: 'id' }).createIndex('game', 'gameId');
    }
    if (!db.objectStoreNames.contains(VALUES)) db.createObjectStore(VALUES);
  };
  const db = await done(open);
  db.onversionchange = () => db.close(); // a newer page wants to upgrade: let it

  const read = async (storeName, fn) => {
    const tx = db.transaction(storeName, 'readonly');
    const result = await done(fn(tx.objectStore(storeName)));
    await finished(tx);
    return result;
  };
  const change = async (storeName, fn) => {
    const tx = db.transaction(storeName, 'readwrite');
    const ended = finished(tx);
    fn(tx.objectStore(storeName));
    await ended;
  };

  return {
    kind: 'indexeddb',
    async all(gameId) {
      const found = await read(OUTBOX, (s) => s.index('game').getAll(gameId));
      return found.sort(bySeq);
    },
    async get(id) {
      return read(OUTBOX, (s) => s.get(id));
    },
    async write({ put = [], remove = [] } = {}) {
      await change(OUTBOX, (s) => {
        for (const id of remove) s.delete(id);
        for (const record of put) s.put(record);
      });
    },
    async getValue(key) {
      return read(VALUES, (s) => s.get(key));
    },
    async setValue(key, value) {
      await change(VALUES, (s) => s.put(value, key));
    },
    async deleteValue(key) {
      await change(VALUES, (s) => s.delete(key));
    },
    close() {
      db.close();
    },
  };
}
