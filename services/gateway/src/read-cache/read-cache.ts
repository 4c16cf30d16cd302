import { RenderedJson } from '../http/route.ts';

/** How long answers are kept (0: not at all) and how many at most. */
export interface ReadCacheSettings {
  maxEntries: number;
  /** A queued or running job (its progress and queue place change without an event). */
  jobActiveMs: number;
  /** A job that has ended (succeeded, failed, cancelled). */
  jobFinishedMs: number;
  balanceMs: number;
}

interface Entry {
  answer: RenderedJson;
  expiresAtMs: number;
  /** Half its life: a read after this answers the entry and refreshes it in the background. */
  refreshAtMs: number;
  userId: string;
  jobId: string | null;
}

/** A read in progress: callers of the same key wait for it; an invalidation makes it unstorable. */
interface Flight {
  answer: Promise<RenderedJson>;
  userId: string;
  jobId: string | null;
  stale: boolean;
}

/** One read of the cache: its key, whose it is, how to load it and how long its answer is kept. */
interface Lookup<T> {
  key: string;
  userId: string;
  jobId: string | null;
  load: () => Promise<T>;
  ttlOf: (data: T) => number;
}

const FINISHED = new Set(['succeeded', 'failed', 'cancelled']);

/**
 * No HTTP cache (a browser's, a proxy's) may keep a caller's own data: the gateway's cache is the
 * one that knows when it changes.
 */
const HEADERS = { 'Cache-Control': 'no-store' };

/**
 * The gateway's short-lived cache of the answers clients poll (ADR 0025, "Read cache"): a job's
 * (per caller and job) and the balance's (per caller), as rendered JSON. Only successful reads are
 * kept, after the caller was authenticated, checked and counted; the key holds the caller's user
 * id, so no one is answered from another caller's read. Entries end at their TTL, when a job event
 * names the job, and when the caller writes anything through this gateway; while the job event feed
 * is not connected nothing is kept. The oldest entries go first past `maxEntries`.
 */
export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byUser = new Map<string, Set<string>>();
  private readonly byJob = new Map<string, Set<string>>();
  private readonly flights = new Map<string, Flight>();
  private readonly settings: ReadCacheSettings;
  private readonly now: () => number;
  private live = false;

  constructor(settings: ReadCacheSettings, now: () => number = Date.now) {
    this.settings = settings;
    this.now = now;
  }

  /** Called by the job event feed: entries are kept only while it is connected. */
  setLive(live: boolean): void {
    this.live = live;
    if (!live) this.clear();
  }

  /** A job's answer for this caller: `load` renders the route's data when there is no fresh entry. */
  job(userId: string, jobId: string, load: () => Promise<{ status: string }>): Promise<RenderedJson> {
    return this.read({
      key: `j\0${userId}\0${jobId}`,
      userId,
      jobId,
      load,
      ttlOf: (job) => (FINISHED.has(job.status) ? this.settings.jobFinishedMs : this.settings.jobActiveMs),
    });
  }

  /** The caller's balance. */
  balance(userId: string, load: () => Promise<unknown>): Promise<RenderedJson> {
    return this.read({ key: `b\0${userId}`, userId, jobId: null, load, ttlOf: () => this.settings.balanceMs });
  }

  /** A job changed (an event named it, or a write of it): every caller's entry of it goes. */
  invalidateJob(jobId: string): void {
    for (const key of [...(this.byJob.get(jobId) ?? [])]) this.remove(key);
    this.ground((flight) => flight.jobId === jobId);
  }

  /** Something of this user's changed: its balance goes. */
  invalidateBalance(userId: string): void {
    const key = `b\0${userId}`;
    this.remove(key);
    this.ground((_flight, flightKey) => flightKey === key);
  }

  /** The user wrote through this gateway: every entry of theirs goes. */
  invalidateUser(userId: string): void {
    for (const key of [...(this.byUser.get(userId) ?? [])]) this.remove(key);
    this.ground((flight) => flight.userId === userId);
  }

  get size(): number {
    return this.entries.size;
  }

  private get enabled(): boolean {
    return this.live && this.settings.maxEntries > 0;
  }

  private read<T>(lookup: Lookup<T>): Promise<RenderedJson> {
    const { key } = lookup;
    if (!this.enabled) return lookup.load().then((data) => RenderedJson.of(data, HEADERS));
    const entry = this.entries.get(key);
    const now = this.now();
    if (entry && entry.expiresAtMs > now) {
      // Most recently used last: the oldest is evicted first.
      this.entries.delete(key);
      this.entries.set(key, entry);
      // A key polled steadily is read again before it runs out, so its pollers never wait for a miss.
      if (now >= entry.refreshAtMs && !this.flights.has(key)) this.fly(lookup).catch(() => undefined);
      return Promise.resolve(entry.answer);
    }
    if (entry) this.remove(key);
    return this.flights.get(key)?.answer ?? this.fly(lookup);
  }

  /** Reads the backend once for every caller of `key` meanwhile; stores the answer unless an eviction grounded it. */
  private fly<T>({ key, userId, jobId, load, ttlOf }: Lookup<T>): Promise<RenderedJson> {
    const flight = { userId, jobId, stale: false } as Flight;
    this.flights.set(key, flight);
    flight.answer = (async () => {
      try {
        const data = await load();
        const answer = RenderedJson.of(data, HEADERS);
        const ttlMs = ttlOf(data);
        if (!flight.stale && this.enabled && ttlMs > 0) this.store(key, { answer, userId, jobId }, ttlMs);
        return answer;
      } finally {
        if (this.flights.get(key) === flight) this.flights.delete(key);
      }
    })();
    return flight.answer;
  }

  private store(key: string, entry: Omit<Entry, 'expiresAtMs' | 'refreshAtMs'>, ttlMs: number): void {
    this.remove(key);
    while (this.entries.size >= this.settings.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.remove(oldest.value);
    }
    const now = this.now();
    this.entries.set(key, { ...entry, expiresAtMs: now + ttlMs, refreshAtMs: now + ttlMs / 2 });
    index(this.byUser, entry.userId, key);
    if (entry.jobId !== null) index(this.byJob, entry.jobId, key);
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    unindex(this.byUser, entry.userId, key);
    if (entry.jobId !== null) unindex(this.byJob, entry.jobId, key);
  }

  /** Reads in progress that match keep answering their callers, but store nothing; later callers read again. */
  private ground(matches: (flight: Flight, key: string) => boolean): void {
    for (const [key, flight] of this.flights) {
      if (!matches(flight, key)) continue;
      flight.stale = true;
      this.flights.delete(key);
    }
  }

  private clear(): void {
    this.entries.clear();
    this.byUser.clear();
    this.byJob.clear();
    this.ground(() => true);
  }
}

function index(map: Map<string, Set<string>>, id: string, key: string): void {
  const keys = map.get(id);
  if (keys) keys.add(key);
  else map.set(id, new Set([key]));
}

function unindex(map: Map<string, Set<string>>, id: string, key: string): void {
  const keys = map.get(id);
  if (!keys) return;
  keys.delete(key);
  if (keys.size === 0) map.delete(id);
}
