import type { Redis } from 'ioredis';

export type BusListener = (payload: unknown) => void;

/**
 * The server's one event bus (ARCHITECTURE §1, issue 17): whoever holds a recipient's WebSocket
 * hears what any instance publishes for it. In memory for the embedded single process; Redis
 * pub/sub when REDIS_URL is set, so instances behind a balancer reach each other's sockets.
 * Delivery is at most once: what must survive a lost event (chat messages) is in the database
 * and replayed on resume.
 */
export interface EventBus {
  /** Sends a JSON-serialisable payload to every listener of `topic`, on every instance. */
  publish(topic: string, payload: unknown): Promise<void>;
  /** Listens to a topic; resolves once the subscription is live. Answers the way to stop. */
  subscribe(topic: string, listener: BusListener): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Listeners by topic; `added`/`removed` tell when a topic gains its first or loses its last. */
function listenerTable() {
  const table = new Map<string, Set<BusListener>>();
  return {
    add(topic: string, listener: BusListener): boolean {
      let set = table.get(topic);
      const first = set === undefined;
      if (!set) {
        set = new Set();
        table.set(topic, set);
      }
      set.add(listener);
      return first;
    },
    remove(topic: string, listener: BusListener): boolean {
      const set = table.get(topic);
      if (!set?.delete(listener)) return false;
      if (set.size > 0) return false;
      table.delete(topic);
      return true;
    },
    deliver(topic: string, payload: unknown) {
      for (const listener of table.get(topic) ?? []) {
        try {
          listener(payload);
        } catch {
          // One failing socket must not keep the event from the others.
        }
      }
    },
    clear: () => table.clear(),
  };
}

export function createMemoryBus(): EventBus {
  const listeners = listenerTable();
  return {
    async publish(topic, payload) {
      // Through JSON like the Redis bus, so no listener can share (and mutate) the sender's object.
      const copy = JSON.parse(JSON.stringify(payload)) as unknown;
      queueMicrotask(() => listeners.deliver(topic, copy));
    },
    async subscribe(topic, listener) {
      listeners.add(topic, listener);
      return async () => {
        listeners.remove(topic, listener);
      };
    },
    async close() {
      listeners.clear();
    },
  };
}

/**
 * Redis pub/sub. A subscribed connection can do nothing else, so the bus takes two: `pub` for
 * publishing, `sub` for the channels of the topics some local socket listens to (subscribed on
 * the first listener, unsubscribed after the last; ioredis subscribes again after a reconnect).
 */
/**
 * A SUBSCRIBE sent while the connection is still starting up (ioredis queues it) puts it in
 * subscriber mode before ioredis's own ready check (INFO) runs: the check then fails with
 * 'Connection in subscriber mode' and the subscription is lost, now and then, on a fresh bus.
 */
function whenReady(connection: Redis): Promise<void> {
  if (connection.status === 'ready') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const ready = () => {
      connection.off('end', ended);
      resolve();
    };
    const ended = () => {
      connection.off('ready', ready);
      reject(new Error('redis: the connection ended before it was ready'));
    };
    connection.once('ready', ready);
    connection.once('end', ended);
  });
}

export function createRedisBus(pub: Redis, sub: Redis, prefix = 'agendo:bus:'): EventBus {
  const listeners = listenerTable();
  // Subscribe and unsubscribe of one topic run in order, so a quick leave-and-return ends subscribed.
  const queues = new Map<string, Promise<unknown>>();
  const inOrder = (topic: string, work: () => Promise<unknown>) => {
    const next = (queues.get(topic) ?? Promise.resolve()).then(work, work);
    queues.set(topic, next);
    void next.finally(() => {
      if (queues.get(topic) === next) queues.delete(topic);
    });
    return next;
  };

  sub.on('message', (channel: string, message: string) => {
    if (!channel.startsWith(prefix)) return;
    let payload: unknown;
    try {
      payload = JSON.parse(message);
    } catch {
      return;
    }
    listeners.deliver(channel.slice(prefix.length), payload);
  });

  return {
    async publish(topic, payload) {
      await pub.publish(prefix + topic, JSON.stringify(payload));
    },
    async subscribe(topic, listener) {
      if (listeners.add(topic, listener))
        await inOrder(topic, () => whenReady(sub).then(() => sub.subscribe(prefix + topic)));
      else await queues.get(topic);
      return async () => {
        if (listeners.remove(topic, listener)) await inOrder(topic, () => sub.unsubscribe(prefix + topic));
      };
    },
    async close() {
      listeners.clear();
      await Promise.allSettled([sub.quit(), pub.quit()]);
    },
  };
}
