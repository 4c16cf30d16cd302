// The WINDOWS bucket (a JetStream KV, ADR 0026) in memory, for the unit tests of the window use
// cases: get, put, purge, keys and watch, with NATS's key wildcards (`*` one token, `>` the rest).
import type { WindowBucket } from '../src/usecases/window-items/window-checkpoints.ts';

interface Entry {
  key: string;
  operation: 'PUT' | 'PURGE';
  string(): string;
}

interface Watcher {
  filter: string;
  push(entry: Entry): void;
}

function matches(filter: string, key: string): boolean {
  const f = filter.split('.');
  const k = key.split('.');
  for (const [i, token] of f.entries()) {
    if (token === '>') return k.length > i;
    if (i >= k.length || (token !== '*' && token !== k[i])) return false;
  }
  return f.length === k.length;
}

/** An in-memory bucket: `values` is what it holds; `failing` makes each call reject (a bucket that does not answer). */
export function fakeBucket(): WindowBucket & { values: Map<string, string>; failing: boolean; watchers: number } {
  const values = new Map<string, string>();
  const watchers = new Set<Watcher>();
  const entry = (key: string, operation: Entry['operation'], value = ''): Entry => ({
    key,
    operation,
    string: () => value,
  });
  const bucket = {
    values,
    failing: false,
    get watchers() {
      return watchers.size;
    },
    check() {
      if (bucket.failing) throw new Error('the bucket does not answer');
    },
    async get(key: string) {
      bucket.check();
      const value = values.get(key);
      return value === undefined ? null : entry(key, 'PUT', value);
    },
    async put(key: string, value: string) {
      bucket.check();
      values.set(key, value);
      for (const watcher of watchers) if (matches(watcher.filter, key)) watcher.push(entry(key, 'PUT', value));
      return values.size;
    },
    async purge(key: string) {
      bucket.check();
      values.delete(key);
      for (const watcher of watchers) if (matches(watcher.filter, key)) watcher.push(entry(key, 'PURGE'));
    },
    async keys(filter = '>') {
      bucket.check();
      const keys = [...values.keys()].filter((key) => matches(filter, key));
      return (async function* () {
        yield* keys;
      })();
    },
    async watch(options: { key?: string; include?: string } = {}) {
      bucket.check();
      const filter = options.key ?? '>';
      const queue: Entry[] =
        options.include === 'updates'
          ? []
          : [...values].filter(([key]) => matches(filter, key)).map(([key, value]) => entry(key, 'PUT', value));
      let wake: (() => void) | undefined;
      let stopped = false;
      const watcher: Watcher = {
        filter,
        push(e) {
          queue.push(e);
          wake?.();
        },
      };
      watchers.add(watcher);
      const iterator = (async function* () {
        while (!stopped) {
          const next = queue.shift();
          if (next) yield next;
          else await new Promise<void>((resolve) => (wake = resolve));
        }
      })();
      return Object.assign(iterator, {
        stop() {
          stopped = true;
          watchers.delete(watcher);
          wake?.();
        },
      });
    },
  };
  return bucket as unknown as WindowBucket & typeof bucket;
}
