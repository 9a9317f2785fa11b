// Stand-in for outbox.js (the offline helper's) while it is not in the package: the same interface,
// in memory only (nothing survives a reload), each command with its own Idempotency-Key, in order.

export class DirectOutbox extends EventTarget {
  constructor({ gameId, token, request }) {
    super();
    Object.assign(this, { gameId, token, request, queue: [], answered: new Map(), isOnline: true, busy: null });
  }

  get length() { return this.queue.length; }

  get online() { return this.isOnline; }

  async enqueue(command, { after } = {}) {
    const id = crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
    this.queue.push({ id, command, after });
    this.dispatchEvent(new Event('change'));
    this.flush();
    return id;
  }

  async flush() {
    if (this.busy) return this.busy;
    this.busy = this.run().finally(() => { this.busy = null; });
    return this.busy;
  }

  async run() {
    while (this.queue.length) {
      const item = this.queue[0];
      const body = { ...item.command };
      if (item.after) body.expected_version = this.answered.get(item.after);
      let answer;
      try {
        answer = await this.request(`/v1/games/${this.gameId}/commands`, { method: 'POST', body, token: this.token,
          headers: { 'Idempotency-Key': item.id } });
      } catch {
        this.setOnline(false); // NetworkError: the service cannot be reached; flush() again later
        return;
      }
      this.setOnline(true);
      const detail = { id: item.id, command: body, status: answer.status, body: answer.body };
      if (answer.status !== 200) {
        this.dispatchEvent(new CustomEvent('refused', { detail }));
        return;
      }
      this.answered.set(item.id, answer.body.version);
      this.queue.shift();
      this.dispatchEvent(new CustomEvent('answered', { detail }));
      this.dispatchEvent(new Event('change'));
    }
  }

  setOnline(value) {
    if (value !== this.isOnline) {
      this.isOnline = value;
      this.dispatchEvent(new Event('change'));
    }
  }

  async discard(id) {
    this.queue = this.queue.filter((item) => item.id !== id && item.after !== id);
    this.dispatchEvent(new Event('change'));
    await this.flush();
  }
}
