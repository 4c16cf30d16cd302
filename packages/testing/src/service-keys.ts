// Service keys for tests (ADR 0011): one Ed25519 pair per service, made once per test process and
// shared by every service a test starts (in process or as a fleet), with each service's certificate
// (ADR 0037, test-pki.ts), and test clients that call as the service that really makes the call: its
// token over its certificate.
import {
  createGrantIssuer,
  createSigner,
  generateServiceKeys,
  type GrantIssuer,
  SERVICE_NAMES,
  type ServiceKeySet,
  type ServiceName,
  type Signer,
} from '@tp/identity';
import {
  type AccessPolicy,
  type ClientOptions,
  createClient,
  type GrpcClient,
  type AnyMethodAccess,
  type UnaryServiceDefinition,
} from '@tp/grpc';
import { testPki, type TlsEnv } from './test-pki.ts';

export interface TestServiceKeys extends ServiceKeySet {
  /** SERVICE_PRIVATE_KEY, SERVICE_PUBLIC_KEYS and GRPC_TLS_* of one service, as its environment carries them. */
  env(service: ServiceName): { SERVICE_PRIVATE_KEY: string; SERVICE_PUBLIC_KEYS: string } & TlsEnv;
  /** A signer with the service's key (`now` moves its clock: a past one makes expired tokens). */
  signer(service: ServiceName, now?: () => number): Signer;
  /** Job grants signed with jobs' key, as jobs signs them when a worker claims a job. */
  grants(ttlSeconds?: number, now?: () => number): GrantIssuer;
}

let shared: TestServiceKeys | undefined;

/** The keys of this test process, every service's pair made on first use. */
export function testServiceKeys(): TestServiceKeys {
  if (shared) return shared;
  const set = generateServiceKeys(SERVICE_NAMES);
  const signers = new Map<ServiceName, Signer>();
  shared = {
    ...set,
    env: (service) => ({
      SERVICE_PRIVATE_KEY: set.privateKeys[service]!,
      SERVICE_PUBLIC_KEYS: JSON.stringify(set.publicKeys),
      ...testPki().env(service),
    }),
    signer(service, now) {
      if (now) return createSigner({ service, privateKey: set.privateKeys[service]!, now });
      let signer = signers.get(service);
      if (!signer) signers.set(service, (signer = createSigner({ service, privateKey: set.privateKeys[service]! })));
      return signer;
    },
    grants: (ttlSeconds = 300, now) => createGrantIssuer({ privateKey: set.privateKeys.jobs!, ttlSeconds, now }),
  };
  return shared;
}

export interface TestClientOptions<D extends UnaryServiceDefinition> extends Omit<ClientOptions, 'identity' | 'tls'> {
  /** The service at the address: the `aud` of every token. */
  audience: ServiceName;
  /**
   * Who calls: one service for every method, or the service's allow-list (each method called by
   * the first caller it allows, under that caller's rule).
   */
  as: ServiceName | AccessPolicy<D>;
  /** Methods called by another service than `as` says (a harness that plays several callers). */
  methods?: { [K in keyof D]?: ServiceName };
}

type Plan = {
  caller: ServiceName;
  userOf: (request: Record<string, unknown>) => string | undefined;
  /** For a method the caller calls under a job grant: one naming the ids the request names. */
  grantOf?: (request: Record<string, unknown>) => Promise<string>;
};

const field = (name: string) => (request: Record<string, unknown>) => {
  const value = request[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/** As the gateway calls: for the user the request names (userId, or principalId on billing). */
const gatewayUser = (request: Record<string, unknown>) => field('userId')(request) ?? field('principalId')(request);

function planOf<D extends UnaryServiceDefinition>(options: TestClientOptions<D>, method: string): Plan {
  const chosen = options.methods?.[method as keyof D];
  const { as } = options;
  if (chosen || typeof as === 'string') {
    const caller = (chosen ?? as) as ServiceName;
    return {
      caller,
      userOf: caller === 'gateway' ? gatewayUser : () => undefined,
      ...(caller === 'worker' ? { grantOf: grantOfRequest } : {}),
    };
  }
  const access = (as as Record<string, AnyMethodAccess>)[method] ?? {};
  const [caller, rule] = Object.entries(access)[0] ?? [];
  if (!caller || !rule) throw new Error(`The allow-list lets nobody call ${method}: name a caller in \`methods\``);
  if (typeof rule === 'object' && 'grant' in rule)
    return { caller: caller as ServiceName, userOf: () => undefined, grantOf: grantOfRequest };
  const userOf = rule === 'service' ? () => undefined : field(rule === 'user' ? 'userId' : rule.user);
  return { caller: caller as ServiceName, userOf };
}

/**
 * The worker's calls carry a grant of the job they are for, as jobs signs it at the claim: here one
 * naming the ids the request names (userId, jobId, mediaId, artifactId, versionId; `usr_test` and
 * `job_test` for a request without a user or a job).
 */
function grantOfRequest(request: Record<string, unknown>): Promise<string> {
  return testServiceKeys()
    .grants()
    .issue({
      // A request of jobs' own worker methods names no user: the grant names one all the same.
      user: field('userId')(request) ?? 'usr_test',
      job: field('jobId')(request) ?? 'job_test',
      media: field('mediaId')(request) ?? '',
      artifact: field('artifactId')(request) ?? '',
      version: field('versionId')(request) ?? '',
    });
}

/**
 * A client of a guarded service that signs each call as the service that really makes it (with
 * the test process's keys) and, for a user-acting caller, for the user the request names. For
 * tests only: the gateway names the user of the credential it checked, never the request's.
 */
export function testClient<D extends UnaryServiceDefinition>(
  definition: D,
  address: string,
  options: TestClientOptions<D>,
): GrpcClient<D> {
  const { audience, as: _as, methods: _methods, ...clientOptions } = options;
  const keys = testServiceKeys();
  const channels = new Map<ServiceName, GrpcClient<D>>();
  const channel = (caller: ServiceName): GrpcClient<D> => {
    let client = channels.get(caller);
    if (!client) {
      client = createClient(definition, address, {
        ...clientOptions,
        identity: { signer: keys.signer(caller), audience },
        tls: testPki().tls(caller),
      });
      channels.set(caller, client);
    }
    return client;
  };
  const methods: Record<string, unknown> = {};
  for (const name of Object.keys(definition)) {
    const plan = planOf(options, name);
    methods[name] = async (request: Record<string, unknown>, opts: { user?: string; grant?: string } = {}) => {
      const user = opts.user ?? plan.userOf(request);
      const grant = opts.grant ?? (await plan.grantOf?.(request));
      const call = (channel(plan.caller) as unknown as Record<string, (r: unknown, o: unknown) => Promise<unknown>>)[
        name
      ]!;
      return call(request, {
        ...opts,
        ...(user === undefined ? {} : { user }),
        ...(grant === undefined ? {} : { grant }),
      });
    };
  }
  methods.close = () => {
    for (const client of channels.values()) client.close();
  };
  return methods as GrpcClient<D>;
}
