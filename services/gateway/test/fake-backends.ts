// Fake backends for the gateway's route tests: real gRPC servers (createGrpcServer of @tp/grpc),
// one per proto service the gateway calls, with handlers a test chooses. They speak the real
// contract (the proto messages, our error codes in the trailing metadata) and check the gateway's
// service tokens as the real backends do (ADR 0011: the gateway alone may call, for the user the
// request names), so the gateway under test is the real one from its HTTP socket to its gRPC
// clients. tests/e2e keeps the path through the real services.
import { randomBytes } from 'node:crypto';
import { AppError } from '@tp/errors';
import { DEFAULT_TRANSLATION_PAIRS } from '@tp/catalog';
import {
  type AnyMethodAccess,
  type CallContext,
  createGrpcServer,
  type GrpcServer,
  type ServiceHandlers,
  type UnaryServiceDefinition,
} from '@tp/grpc';
import { createVerifier, type ServiceName, type VerifiedCaller } from '@tp/identity';
import type { Logger } from '@tp/logging';
import {
  AccountsServiceService,
  ArtifactsServiceService,
  AuthenticateResponse,
  BillingProfile,
  BillingServiceService,
  JobsServiceService,
  MediaServiceService,
  type Principal,
  SharesServiceService,
  WebhookServiceService,
} from '@tp/proto';
import { ALL_SCOPES, type Scope } from '@tp/scopes';
import { testPki, testServiceKeys } from '@tp/testing';

const SERVICES = {
  accounts: AccountsServiceService,
  media: MediaServiceService,
  billing: BillingServiceService,
  artifacts: ArtifactsServiceService,
  jobs: JobsServiceService,
  shares: SharesServiceService,
  webhooks: WebhookServiceService,
} as const;

/** The service a backend's tokens are addressed to, where it is not the backend's own name. */
const AUDIENCE: Partial<Record<keyof typeof SERVICES, ServiceName>> = { webhooks: 'webhook-dispatcher' };

type Services = typeof SERVICES;
export type BackendName = keyof Services;
/** Handlers by backend; a method without one fails the call as an unexpected error would (500). */
export type FakeHandlers = { [B in BackendName]?: Partial<ServiceHandlers<Services[B]>> };

/** The user every fake credential belongs to. */
export const USER_ID = 'usr_gateway_test';

export interface FakeBackends {
  /** host:port of each backend's server. */
  addresses: Record<BackendName, string>;
  /** Replaces the handlers of the named methods, for the calls that follow. */
  use(handlers: FakeHandlers): void;
  /** The requests a method received, oldest first. */
  received<B extends BackendName>(backend: B, method: keyof Services[B] & string): unknown[];
  /** The verified callers of a method's calls (service and user), oldest first. */
  callers<B extends BackendName>(backend: B, method: keyof Services[B] & string): VerifiedCaller[];
  /** A personal access token that accounts resolves to a principal with these scopes. */
  pat(scopes: readonly Scope[], options?: { features?: string[]; userId?: string }): string;
  /** An app session token (every scope, a device of its own). */
  appSession(options?: { deviceId?: string; features?: string[] }): string;
  stop(): Promise<void>;
}

type AnyHandler = (request: unknown, ctx: CallContext) => Promise<unknown>;

/**
 * The gateway alone may call, as the real allow-lists say: for the user a request names in its
 * userId (principalId on billing's reads), as itself where a request names no user.
 */
function gatewayOnly(definition: UnaryServiceDefinition): Record<string, AnyMethodAccess> {
  const access: Record<string, AnyMethodAccess> = {};
  for (const [name, method] of Object.entries(definition)) {
    const fields = Object.keys(method.requestDeserialize(Buffer.alloc(0)) as object);
    const rule = fields.includes('userId')
      ? 'user'
      : fields.includes('principalId')
        ? { user: 'principalId' }
        : 'service';
    access[name] = { gateway: rule };
  }
  return access;
}

/** What the backends answer unless a test says otherwise: the calls every request makes. */
function standardHandlers(credentials: Map<string, Principal>): FakeHandlers {
  return {
    // What accounts does: a known credential is its principal, anything else is invalid_api_key.
    accounts: {
      authenticate: async ({ credential }) => {
        const principal = credentials.get(credential);
        if (!principal) throw new AppError('invalid_api_key');
        return AuthenticateResponse.fromPartial({ principal });
      },
    },
    // The plan the rate limits look up for every caller: billing's default one.
    billing: {
      getProfile: async ({ userId }) => BillingProfile.fromPartial({ principalId: userId, plan: 'standard' }),
    },
    // What `/models` asks: jobs' default deployment (the CPU engine).
    jobs: {
      getDeployment: async () => ({
        engines: ['pocketsphinx'],
        models: [],
        translations: [...DEFAULT_TRANSLATION_PAIRS],
      }),
    },
  };
}

/** One server per backend on a free port, each method answered by `dispatch(backend, method)`. */
async function listenAsBackends(log: Logger, dispatch: (backend: BackendName, method: string) => AnyHandler) {
  const { publicKeys } = testServiceKeys();
  const servers: GrpcServer[] = [];
  const addresses = {} as Record<BackendName, string>;
  for (const [backend, definition] of Object.entries(SERVICES) as [BackendName, UnaryServiceDefinition][]) {
    const handlers = Object.fromEntries(Object.keys(definition).map((method) => [method, dispatch(backend, method)]));
    const audience = AUDIENCE[backend] ?? (backend as ServiceName);
    const verifier = createVerifier({ audience, publicKeys });
    const server = createGrpcServer({ log, verifier, tls: testPki().tls(audience) });
    server.add(definition, handlers as never, gatewayOnly(definition) as never);
    servers.push(server);
    addresses[backend] = `127.0.0.1:${await server.listen('127.0.0.1', 0)}`;
  }
  return { servers, addresses };
}

export async function startFakeBackends(log: Logger): Promise<FakeBackends> {
  const credentials = new Map<string, Principal>();
  const handlers = new Map<string, AnyHandler>();
  const requests = new Map<string, unknown[]>();
  const callers = new Map<string, VerifiedCaller[]>();
  const keyOf = (backend: string, method: string) => `${backend}.${method}`;

  const use = (chosen: FakeHandlers) => {
    for (const [backend, methods] of Object.entries(chosen)) {
      for (const [method, handler] of Object.entries(methods ?? {})) {
        handlers.set(keyOf(backend, method), handler as AnyHandler);
      }
    }
  };
  use(standardHandlers(credentials));

  const { servers, addresses } = await listenAsBackends(log, (backend, method): AnyHandler => {
    const key = keyOf(backend, method);
    return async (request, ctx) => {
      requests.set(key, [...(requests.get(key) ?? []), request]);
      if (ctx.caller) callers.set(key, [...(callers.get(key) ?? []), ctx.caller]);
      const handler = handlers.get(key);
      if (!handler) throw new Error(`${key} is not faked in this test`);
      return handler(request, ctx);
    };
  });

  const credential = (prefix: string, principal: Partial<Principal>) => {
    const secret = `${prefix}${randomBytes(12).toString('hex')}`;
    credentials.set(
      secret,
      AuthenticateResponse.fromPartial({ principal: { userId: USER_ID, ...principal } }).principal!,
    );
    return secret;
  };

  return {
    addresses,
    use,
    received: (backend, method) => requests.get(keyOf(backend, method)) ?? [],
    callers: (backend, method) => callers.get(keyOf(backend, method)) ?? [],
    pat: (scopes, options = {}) =>
      credential('tsk_', {
        kind: 'PRINCIPAL_KIND_PERSONAL_ACCESS_TOKEN',
        scopes: [...scopes],
        tokenId: `tok_${randomBytes(4).toString('hex')}`,
        features: options.features ?? [],
        ...(options.userId ? { userId: options.userId } : {}),
      }),
    appSession: (options = {}) =>
      credential('session.', {
        kind: 'PRINCIPAL_KIND_APP_SESSION',
        scopes: ALL_SCOPES,
        deviceId: options.deviceId ?? 'dev_current',
        features: options.features ?? [],
      }),
    stop: async () => {
      for (const server of servers) await server.shutdown(1_000);
    },
  };
}
