// The hall as the officials' console knows it (issue 15), from GET /v1/tables/stream's messages (docs/console.md):
// `tables` is the whole answer of GET /v1/tables, `changes` the tables that changed or joined (each whole), the
// game ids that left and, when it moved, the order. Applied in turn they give what GET /v1/tables answers; the
// page computes no state. What counts with time alone is not sent: a tablet's seconds of silence are what the
// message said plus the seconds since it came.

export class HallModel {
  constructor() {
    this.byId = new Map();
    this.order = [];
    this.at = new Map(); // game id -> when its table last came (ms)
  }

  /** Apply one message (`tables`, also an answer of GET /v1/tables; or `changes`); false for any other type. */
  apply(type, data, now = Date.now()) {
    if (type === 'tables') {
      this.byId = new Map(data.tables.map((x) => [x.game_id, x]));
      this.order = data.tables.map((x) => x.game_id);
      this.at = new Map(this.order.map((id) => [id, now]));
      return true;
    }
    if (type !== 'changes') return false;
    for (const table of data.tables) {
      this.byId.set(table.game_id, table);
      this.at.set(table.game_id, now);
    }
    for (const id of data.removed) {
      this.byId.delete(id);
      this.at.delete(id);
    }
    if (data.order) this.order = data.order;
    return true;
  }

  /** The tables in the answer's order (alerts first, the most urgent first). */
  get tables() {
    return this.order.map((id) => this.byId.get(id)).filter(Boolean);
  }

  /** Seconds a tablet of `table` has been silent now (0 while its stream is open). */
  silentNow(table, device, now = Date.now()) {
    if (device.connected) return 0;
    const since = now - (this.at.get(table.game_id) ?? now);
    return device.silent_seconds + Math.max(0, Math.floor(since / 1000));
  }
}

/** Whether `tables` raise an alert not heard before (then the console beeps); `heard` (a Set) is kept up to date:
 * an alert that went may sound again when it comes back. */
export function newAlerts(heard, tables) {
  let fresh = false;
  for (const table of tables) {
    for (const alert of table.alerts) {
      const key = `${table.game_id}:${alert}`;
      if (!heard.has(key)) fresh = true;
      heard.add(key);
    }
    for (const key of [...heard]) {
      const [id, alert] = key.split(':');
      if (id === table.game_id && !table.alerts.includes(alert)) heard.delete(key);
    }
  }
  return fresh;
}

/** Milliseconds before the next attempt to open the stream: 1 s, doubling, at most 15 s. */
export const retryDelay = (attempt) => Math.min(1000 * 2 ** attempt, 15000);
