import {
  Algorithms,
  createAccount,
  createOperator,
  createUser,
  encodeAccount,
  encodeOperator,
  encodeUser,
  fmtCreds,
  fromPublic,
  fromSeed,
  newScopedSigner,
  type Permissions,
} from '@nats-io/jwt';
import { JOB_WINDOWS_ROLE, jobWindowsTemplate } from './permissions.ts';

// NATS decentralized authentication (ADR 0041): an operator signs the fleet's account, the account
// signs one user per service with the subject permissions of its role (permissions.ts). The server
// holds only the operator's and the accounts' JWTs (public); the account seed is what mints users.

/** The seeds that make a fleet's bus authority (NKey seeds, `S…`): keep them as secrets. */
export interface BusAuthority {
  operatorSeed: string;
  /** The system account, which the server needs for its own traffic in operator mode. */
  systemSeed: string;
  /** The fleet's account: every service's user is issued by it; its JetStream holds the streams. */
  accountSeed: string;
  /**
   * A signing key of the fleet's account scoped to one job's windows (permissions.ts
   * jobWindowsTemplate): what jobs holds to give each job it hands a worker its own window credentials.
   */
  windowsSigningSeed: string;
}

/** What jobs holds to sign a job's window credentials (`windowsSignerOf`): no other identity can be made with it. */
export interface WindowsSigner {
  /** The fleet account's public key (`A…`). */
  account: string;
  /** The scoped signing key's seed. */
  seed: string;
}

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const NO_LIMIT = -1;

/** A new operator, system account and fleet account. */
export function createBusAuthority(): BusAuthority {
  return {
    operatorSeed: text(createOperator().getSeed()),
    systemSeed: text(createAccount().getSeed()),
    accountSeed: text(createAccount().getSeed()),
    windowsSigningSeed: text(createAccount().getSeed()),
  };
}

/** The signer of job window credentials, as the jobs service is given it (NATS_WINDOWS_SIGNER_FILE). */
export function windowsSignerOf(authority: BusAuthority): WindowsSigner {
  return { account: busAccountKey(authority), seed: authority.windowsSigningSeed };
}

const keyOf = (seed: string) => fromSeed(new TextEncoder().encode(seed));

/** The fleet account's public key (`A…`), as the server and the users' JWTs name it. */
export function busAccountKey(authority: Pick<BusAuthority, 'accountSeed'>): string {
  return keyOf(authority.accountSeed).getPublicKey();
}

/**
 * The server's part of the configuration (nats-server.conf syntax): the operator, the system
 * account, and both accounts preloaded in a memory resolver. Holds no seed.
 */
export async function natsServerAuthConfig(authority: BusAuthority): Promise<string> {
  const operator = keyOf(authority.operatorSeed);
  const system = keyOf(authority.systemSeed);
  const account = keyOf(authority.accountSeed);
  const options = { algorithm: Algorithms.v2, signer: operator };
  const operatorJwt = await encodeOperator('tp', operator, {}, { algorithm: Algorithms.v2 });
  const systemJwt = await encodeAccount('SYS', system, {}, options);
  const windows = newScopedSigner(keyOf(authority.windowsSigningSeed), JOB_WINDOWS_ROLE, jobWindowsTemplate());
  const accountJwt = await encodeAccount(
    'tp',
    account,
    {
      signing_keys: [windows],
      limits: {
        subs: NO_LIMIT,
        data: NO_LIMIT,
        payload: NO_LIMIT,
        imports: NO_LIMIT,
        exports: NO_LIMIT,
        wildcards: true,
        conn: NO_LIMIT,
        leaf: NO_LIMIT,
        mem_storage: NO_LIMIT,
        disk_storage: NO_LIMIT,
        streams: NO_LIMIT,
        consumer: NO_LIMIT,
      },
    },
    options,
  );
  return [
    `operator: ${operatorJwt}`,
    `system_account: ${system.getPublicKey()}`,
    'resolver: MEMORY',
    'resolver_preload: {',
    `  ${system.getPublicKey()}: ${systemJwt}`,
    `  ${account.getPublicKey()}: ${accountJwt}`,
    '}',
    '',
  ].join('\n');
}

export interface UserCredentialsOptions {
  /** Shown by the server's monitoring and in its authorization errors (the service's name). */
  name: string;
  permissions: Permissions;
  /** Seconds the credentials stay valid; absent: until the account is rotated (see the runbook). */
  expiresInSeconds?: number;
}

/**
 * A `.creds` file's text for one job's windows: a user signed by the scoped key, so the server gives
 * it the role's permissions for this job alone (the `job` tag; ADR 0041). It lives as long as the
 * job's windows are kept.
 */
export async function jobWindowCredentials(
  signer: WindowsSigner,
  options: { jobId: string; expiresInSeconds: number },
): Promise<string> {
  const user = createUser();
  const jwt = await encodeUser(
    `windows-${options.jobId}`,
    user,
    fromPublic(signer.account),
    { tags: [`job:${options.jobId}`] },
    {
      algorithm: Algorithms.v2,
      signer: keyOf(signer.seed),
      scopedUser: true,
      exp: Math.floor(Date.now() / 1000) + options.expiresInSeconds,
    },
  );
  return text(fmtCreds(jwt, user));
}

/** A `.creds` file's text (the user's JWT and its seed) for a new user of the fleet account. */
export async function busUserCredentials(
  authority: Pick<BusAuthority, 'accountSeed'>,
  options: UserCredentialsOptions,
): Promise<string> {
  const user = createUser();
  const expires = options.expiresInSeconds ? { exp: Math.floor(Date.now() / 1000) + options.expiresInSeconds } : {};
  const jwt = await encodeUser(options.name, user, keyOf(authority.accountSeed), options.permissions, {
    algorithm: Algorithms.v2,
    ...expires,
  });
  return text(fmtCreds(jwt, user));
}
