import { createHash } from 'node:crypto';
import type { Principal } from './principal.ts';

interface Entry {
  principal: Principal;
  expiresAtMs: number;
}

/**
 * A short-lived cache of authenticated principals, keyed by a hash of the credential (the
 * credential itself is never kept). Entries are evicted per user when accounts announces a
 * revocation; while that event feed is not connected the cache is bypassed, so a revoked
 * token can never outlive the announcement that would have evicted it.
 */
export class PrincipalCache {
  private readonly entries = new Map<string, Entry>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private live = false;

  constructor(options: { ttlMs: number; maxEntries: number }) {
    this.ttlMs = options.ttlMs;
    this.maxEntries = options.maxEntries;
  }

  static keyOf(credential: string): string {
    return createHash('sha256').update(credential).digest('base64url');
  }

  /** Called by the revocation feed: caching is only allowed while it is connected. */
  setLive(live: boolean): void {
    this.live = live;
    if (!live) this.entries.clear();
  }

  get enabled(): boolean {
    return this.live && this.ttlMs > 0;
  }

  get(key: string, nowMs = Date.now()): Principal | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAtMs <= nowMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.principal;
  }

  set(key: string, principal: Principal, nowMs = Date.now()): void {
    if (!this.enabled) return;
    const credentialExpiry = principal.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY;
    const expiresAtMs = Math.min(nowMs + this.ttlMs, credentialExpiry);
    if (expiresAtMs <= nowMs) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { principal, expiresAtMs });
  }

  evictUser(userId: string): number {
    let evicted = 0;
    for (const [key, entry] of this.entries) {
      if (entry.principal.userId === userId) {
        this.entries.delete(key);
        evicted += 1;
      }
    }
    return evicted;
  }

  get size(): number {
    return this.entries.size;
  }
}
