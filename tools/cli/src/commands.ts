import type { Metadata } from '@grpc/grpc-js';
import { microCreditsToUsd, parseCredits, toCredits } from '@tp/catalog';
import type { GrpcClient } from '@tp/grpc';
import type { AccountsAdminServiceService, Balance, BillingAdminServiceService, Token, TokenSpec } from '@tp/proto';
import { isPreset } from '@tp/scopes';
import { BUS_USAGE } from './bus.ts';
import { type Flags, UsageError } from './usage-error.ts';

export { type Flags, UsageError } from './usage-error.ts';

export type AdminClient = GrpcClient<typeof AccountsAdminServiceService>;
export type BillingAdminClient = GrpcClient<typeof BillingAdminServiceService>;

function required(flags: Flags, name: string): string {
  const value = flags[name];
  if (value === undefined || value === '') throw new UsageError(`--${name} is required`);
  return value;
}

const iso = (date: Date | undefined) => (date ? date.toISOString() : null);

export function presentToken(token: Token) {
  return {
    token_id: token.tokenId,
    name: token.name,
    scopes: token.scopes,
    display_prefix: token.displayPrefix,
    created_at: iso(token.createdAt),
    expires_at: iso(token.expiresAt),
    revoked_at: iso(token.revokedAt),
    last_used_at: iso(token.lastUsedAt),
  };
}

function tokenSpec(flags: Flags): TokenSpec {
  const scopes =
    flags.scopes
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean) ?? [];
  const preset = flags.preset ?? '';
  if (scopes.length > 0 === (preset !== ''))
    throw new UsageError('give exactly one of --scopes s1,s2 or --preset read-only|automation|full');
  if (preset !== '' && !isPreset(preset))
    throw new UsageError(`unknown preset "${preset}": use read-only, automation or full`);
  const expiresInDays = positiveWhole(flags, 'expires-days') ?? 0;
  return { name: flags.name ?? 'tsctl', scopes, preset, expiresInDays, expiresAt: undefined };
}

export function presentBalance(balance: Balance) {
  return {
    principal_id: balance.principalId,
    available_credits: toCredits(balance.availableMicro),
    reserved_credits: toCredits(balance.reservedMicro),
    total_credits: toCredits(balance.totalMicro),
    total_usd: microCreditsToUsd(balance.totalMicro),
  };
}

function positiveWhole(flags: Flags, name: string): number | undefined {
  if (flags[name] === undefined) return undefined;
  const value = Number(flags[name]);
  if (!Number.isInteger(value) || value < 1) throw new UsageError(`--${name} must be a positive whole number`);
  return value;
}

export interface CommandContext {
  admin: AdminClient;
  /** Connected on first use: only `credits` commands need billing. */
  billing: () => BillingAdminClient;
  metadata: Metadata;
  /** Writes one result to stdout. */
  print: (text: string) => void;
}

type Command = (flags: Flags, ctx: CommandContext) => Promise<void>;

/** `tsctl <group> <verb>`: the commands scripts rely on; their output formats are a contract. */
export const COMMANDS: Record<string, { usage: string; run: Command }> = {
  'users create': {
    usage: 'users create --email E [--password P]',
    run: async (flags, { admin, metadata, print }) => {
      const { userId } = await admin.createUser(
        { email: required(flags, 'email'), password: flags.password ?? '' },
        { metadata },
      );
      print(JSON.stringify({ user_id: userId }));
    },
  },
  'tokens create': {
    usage:
      'tokens create --email E (--scopes s1,s2 | --preset read-only|automation|full) [--expires-days N] [--name NAME]',
    run: async (flags, { admin, metadata, print }) => {
      const { secret } = await admin.issueToken(
        { email: required(flags, 'email'), spec: tokenSpec(flags) },
        { metadata },
      );
      print(secret);
    },
  },
  'tokens list': {
    usage: 'tokens list --email E',
    run: async (flags, { admin, metadata, print }) => {
      const { tokens } = await admin.listUserTokens({ email: required(flags, 'email'), limit: 200 }, { metadata });
      print(JSON.stringify(tokens.map(presentToken), null, 2));
    },
  },
  'tokens revoke': {
    usage: 'tokens revoke --email E --token-id ID',
    run: async (flags, { admin, metadata, print }) => {
      const { token } = await admin.revokeUserToken(
        { email: required(flags, 'email'), tokenId: required(flags, 'token-id') },
        { metadata },
      );
      print(JSON.stringify(presentToken(token!)));
    },
  },
  'credits grant': {
    usage: 'credits grant --email E --credits N [--expires-days D] [--reason TEXT]',
    run: async (flags, { admin, billing, metadata, print }) => {
      let amountMicro: number;
      try {
        amountMicro = parseCredits(required(flags, 'credits'));
      } catch (err) {
        throw err instanceof UsageError ? err : new UsageError(`--credits: ${(err as Error).message}`);
      }
      if (amountMicro === 0) throw new UsageError('--credits must be more than 0');
      const days = positiveWhole(flags, 'expires-days');
      const { userId } = await admin.lookupUser({ email: required(flags, 'email') }, { metadata });
      const { balance } = await billing().grantCredits(
        {
          principalId: userId,
          amountMicro,
          reason: flags.reason ?? 'granted with tsctl',
          expiresAt: days === undefined ? undefined : new Date(Date.now() + days * 86_400_000),
          reference: '',
        },
        { metadata },
      );
      print(JSON.stringify(presentBalance(balance!)));
    },
  },
  'features grant': {
    usage: 'features grant --email E --feature KEY',
    run: async (flags, { admin, metadata, print }) => {
      const { feature } = await admin.grantFeature(
        { email: required(flags, 'email'), featureKey: required(flags, 'feature') },
        { metadata },
      );
      print(
        JSON.stringify({
          feature_key: feature!.featureKey,
          enabled: feature!.enabled,
          granted_at: iso(feature!.grantedAt),
        }),
      );
    },
  },
};

export const FLAG_NAMES = [
  'email',
  'password',
  'scopes',
  'preset',
  'expires-days',
  'name',
  'token-id',
  'feature',
  'credits',
  'reason',
  'out',
  'prefix',
] as const;

export function usage(): string {
  return [
    'usage: tools/tsctl <command> [flags]',
    '',
    ...Object.values(COMMANDS).map((c) => `  tsctl ${c.usage}`),
    ...BUS_USAGE.map((line) => `  tsctl ${line}`),
    '',
    'environment: ACCOUNTS_GRPC_ADDR (default 127.0.0.1:50051), BILLING_GRPC_ADDR (default 127.0.0.1:50053),',
    '             ADMIN_API_KEY (default: from .run/secrets.env)',
  ].join('\n');
}
