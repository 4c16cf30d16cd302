// The managed-AI world (ADR 0020): a fleet of the edge, billing and ai-proxy, a fake
// OpenAI-compatible upstream on loopback (the one third party), users with `ai:use` tokens, and
// the real `openai` client pointed at `{gateway}/api/v1/ai/compat`.
import assert from 'node:assert/strict';
import { findAiModel, priceForTokens } from '@tp/catalog';
import { type FakeOpenAi, type Fleet, startFakeOpenAi, startFleet } from '@tp/testing';
import OpenAI from 'openai';
import { call } from './http.ts';

/** The upstream's key: it must reach the fake, and never the user. */
export const UPSTREAM_KEY = 'sk-upstream-secret-0123456789';

export interface AiWorld {
  fleet: Fleet;
  upstream: FakeOpenAi;
  /** A user with credits (its token has ai:use and billing:read). */
  newUser(credits: number): Promise<{ token: string; client: OpenAI }>;
  stop(): Promise<void>;
}

/** The fleet's ai-proxy talks to `upstream` (the fake unless given) with AI_MODEL_ROUTES as given. */
export async function startAiWorld(
  options: { aiProxyEnv?: (upstream: FakeOpenAi) => Record<string, string> } = {},
): Promise<AiWorld> {
  const upstream = await startFakeOpenAi();
  let fleet: Fleet;
  try {
    fleet = await startFleet({
      services: ['accounts', 'billing', 'ai-proxy', 'gateway'],
      aiProxyEnv: options.aiProxyEnv?.(upstream) ?? {
        AI_UPSTREAM_URL: upstream.url,
        AI_UPSTREAM_API_KEY: UPSTREAM_KEY,
        AI_MODEL_ROUTES: JSON.stringify({ 'svc-chat': { model: 'fake-gpt' } }),
      },
    });
  } catch (err) {
    await upstream.stop();
    throw err;
  }
  let users = 0;
  return {
    fleet,
    upstream,
    async newUser(credits) {
      const email = `ai-user-${++users}@example.com`;
      assert.equal((await fleet.tsctl('users', 'create', '--email', email)).code, 0);
      const created = await fleet.tsctl('tokens', 'create', '--email', email, '--scopes', 'ai:use,billing:read');
      assert.equal(created.code, 0, created.stderr);
      const token = created.stdout.trim();
      if (credits > 0) {
        const granted = await fleet.tsctl('credits', 'grant', '--email', email, '--credits', String(credits));
        assert.equal(granted.code, 0, granted.stderr);
      }
      return { token, client: compatClient(fleet, token) };
    },
    async stop() {
      await fleet.stop();
      await upstream.stop();
    },
  };
}

/** The real `openai` client against the gateway; retries off so each test sees one request. */
export function compatClient(fleet: Fleet, token: string): OpenAI {
  return new OpenAI({ apiKey: token, baseURL: `${fleet.gatewayUrl}/api/v1/ai/compat`, maxRetries: 0 });
}

export interface LedgerEntry {
  kind: string;
  reference: string;
  description: string;
  available_delta_credits: number;
}

/** The user's ledger, newest first (the billing API). */
export async function ledgerOf(fleet: Fleet, token: string): Promise<LedgerEntry[]> {
  const res = await call(fleet.gatewayUrl, 'GET', '/api/v1/billing/ledger?limit=200', { token });
  assert.equal(res.status, 200, res.text);
  return res.body.data as LedgerEntry[];
}

/** The price of tokens at an alias's catalog rates, in micro-credits. */
export function priceMicro(alias: string, inputTokens: number, outputTokens: number): number {
  return priceForTokens(findAiModel(alias)!, inputTokens, outputTokens);
}

/** What the calls of these entries took from the available balance, by reference, in micro-credits. */
export function spentByReference(entries: LedgerEntry[]): Map<string, number> {
  const spent = new Map<string, number>();
  for (const e of entries.filter((entry) => entry.kind !== 'grant'))
    spent.set(e.reference, (spent.get(e.reference) ?? 0) - deltaMicro(e));
  return spent;
}

/** A ledger entry's change of the available balance, in micro-credits. */
export const deltaMicro = (entry: LedgerEntry): number => Math.round(entry.available_delta_credits * 1_000_000);
