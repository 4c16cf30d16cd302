// The managed-AI world (ADR 0020): a fleet of the edge, billing and ai-proxy, two fake
// OpenAI-compatible providers on loopback (the one third party: a primary, and the fallback of one
// alias), users with `ai:use` tokens, and the real `openai` client pointed at
// `{gateway}/api/v1/ai/compat`.
import assert from 'node:assert/strict';
import { findAiModel, priceForTokens } from '@tp/catalog';
import { type FakeOpenAi, type Fleet, startFakeOpenAi, startFleet } from '@tp/testing';
import OpenAI from 'openai';
import { call } from './http.ts';

/** The upstream's key: it must reach the fake, and never the user. */
export const UPSTREAM_KEY = 'sk-upstream-secret-0123456789';
/** The fallback provider's key (AI_FALLBACK_KEY, named by the route's api_key_env). */
export const FALLBACK_KEY = 'sk-fallback';
/** How long ai-proxy waits for the upstream's answer headers: a hanging upstream is 504 after this. */
export const UPSTREAM_TIMEOUT_MS = 3000;

export interface AiUser {
  /** Its token has ai:use and billing:read. */
  token: string;
  client: OpenAI;
}

export interface AiWorld {
  fleet: Fleet;
  /** The primary provider of every alias. */
  upstream: FakeOpenAi;
  /** svc-chat-mini's fallback provider, called when the primary fails. */
  fallback: FakeOpenAi;
  /** A user with credits. */
  newUser(credits: number): Promise<AiUser>;
  stop(): Promise<void>;
}

/**
 * ai-proxy's settings for the fakes: svc-chat goes to the primary as `fake-gpt`; svc-chat-mini to
 * the primary as `primary-model`, then to the fallback as `fallback-model` with its own key.
 */
function upstreamEnv(upstream: FakeOpenAi, fallback: FakeOpenAi): Record<string, string> {
  return {
    AI_UPSTREAM_URL: upstream.url,
    AI_UPSTREAM_API_KEY: UPSTREAM_KEY,
    AI_UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS),
    AI_FALLBACK_KEY: FALLBACK_KEY,
    AI_MODEL_ROUTES: JSON.stringify({
      'svc-chat': { model: 'fake-gpt' },
      'svc-chat-mini': {
        model: 'primary-model',
        fallback: { url: fallback.url, api_key_env: 'AI_FALLBACK_KEY', model: 'fallback-model' },
      },
    }),
  };
}

/** The fleet's ai-proxy talks to the fakes, with `aiProxyEnv` on top. */
export async function startAiWorld(options: { aiProxyEnv?: Record<string, string> } = {}): Promise<AiWorld> {
  const [upstream, fallback] = await Promise.all([startFakeOpenAi(), startFakeOpenAi()]);
  const stopFakes = () => Promise.all([upstream.stop(), fallback.stop()]);
  let fleet: Fleet;
  try {
    fleet = await startFleet({
      services: ['accounts', 'billing', 'ai-proxy', 'gateway'],
      aiProxyEnv: { ...upstreamEnv(upstream, fallback), ...options.aiProxyEnv },
    });
  } catch (err) {
    await stopFakes();
    throw err;
  }
  let users = 0;
  return {
    fleet,
    upstream,
    fallback,
    async newUser(credits) {
      const email = `ai-user-${++users}@example.com`;
      const user = await fleet.tsctl('users', 'create', '--email', email);
      assert.equal(user.code, 0, user.stderr);
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
      await stopFakes();
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

/**
 * The entries the user's ledger gained since `before` (the ledger read earlier), newest first: the
 * calls of one test, where a user's tests run one after the other.
 */
export async function ledgerSince(fleet: Fleet, token: string, before: LedgerEntry[]): Promise<LedgerEntry[]> {
  const now = await ledgerOf(fleet, token);
  return now.slice(0, now.length - before.length);
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

/** What each call of these entries was charged (micro-credits), newest first, and the charge entries. */
export function chargesIn(entries: LedgerEntry[]): { charges: LedgerEntry[]; amounts: number[] } {
  const spent = spentByReference(entries);
  const charges = entries.filter((e) => e.kind === 'charge');
  return { charges, amounts: charges.map((c) => spent.get(c.reference)!) };
}

/** A ledger entry's change of the available balance, in micro-credits. */
export const deltaMicro = (entry: LedgerEntry): number => Math.round(entry.available_delta_credits * 1_000_000);
