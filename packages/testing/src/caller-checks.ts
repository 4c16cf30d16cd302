// The identity checks every guarded service must pass (ADR 0011), as one call per service test.
import assert from 'node:assert/strict';
import { isAppError } from '@tp/errors';
import { createClient, type GrpcClient, type RequestOf, type UnaryServiceDefinition } from '@tp/grpc';
import { createSigner, generateServiceKeyPair, type ServiceName, type Signer } from '@tp/identity';
import { testServiceKeys } from './service-keys.ts';
import { testPki } from './test-pki.ts';

const IDENTITY_CODES = ['caller_unauthenticated', 'caller_not_allowed', 'caller_user_mismatch'];

type MethodOf<D> = keyof D & string;

export interface CallerChecks<D extends UnaryServiceDefinition, U extends MethodOf<D>> {
  definition: D;
  address: string;
  /** The service at the address. */
  audience: ServiceName;
  /** A method the gateway calls for a user, and its request naming `userId`. */
  forUser: { method: U; request: (userId: string) => RequestOf<D[U]> };
  /** Calls the method's allow-list does not allow this caller to make. */
  notAllowed: { [M in MethodOf<D>]: { method: M; request: RequestOf<D[M]>; caller: ServiceName } }[MethodOf<D>][];
}

async function codeOf(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return 'ok';
  } catch (err) {
    assert.ok(isAppError(err), `expected an AppError, got ${String(err)}`);
    return err.code;
  }
}

/**
 * Asserts a service refuses a call without a token, with a token of an unknown key, with an
 * expired token, with a valid token over another service's certificate (caller_unauthenticated), from a caller a method does not allow
 * (caller_not_allowed), and a gateway call whose request names another user than its token
 * (caller_user_mismatch); and that the gateway, acting for the user its request names, gets past
 * all of these checks.
 */
export async function assertCallerChecks<D extends UnaryServiceDefinition, U extends MethodOf<D>>(
  checks: CallerChecks<D, U>,
): Promise<void> {
  const { definition, address, audience, forUser } = checks;
  const keys = testServiceKeys();
  const clients: GrpcClient<D>[] = [];
  /** A client signing as `signer` (null: no token) over the certificate of `over` (default: the signer's service). */
  const as = (signer: Signer | null, over = (signer?.service ?? 'gateway') as ServiceName) => {
    const identity = signer ? { identity: { signer, audience } } : {};
    const tls = testPki().tls(over);
    const client = createClient(definition, address, {
      defaultDeadlineMs: 60_000,
      serverName: audience,
      tls,
      ...identity,
    });
    clients.push(client);
    return client as unknown as Record<string, (request: unknown, opts?: { user?: string }) => Promise<unknown>>;
  };
  const stranger = createSigner({ service: 'gateway', privateKey: generateServiceKeyPair().privateKey });
  const expired = keys.signer('gateway', () => Date.now() - 10 * 60_000);
  const request = forUser.request('usr_checked');
  const opts = { user: 'usr_checked' };
  try {
    assert.equal(await codeOf(as(null)[forUser.method]!(request)), 'caller_unauthenticated', 'no token');
    assert.equal(await codeOf(as(stranger)[forUser.method]!(request, opts)), 'caller_unauthenticated', 'unknown key');
    assert.equal(await codeOf(as(expired)[forUser.method]!(request, opts)), 'caller_unauthenticated', 'expired');
    const replayed = await codeOf(as(keys.signer('gateway'), 'jobs')[forUser.method]!(request, opts));
    assert.equal(replayed, 'caller_unauthenticated', "the gateway's token over another service's certificate");
    const gateway = as(keys.signer('gateway'));
    const mismatch = await codeOf(gateway[forUser.method]!(request, { user: 'usr_someone_else' }));
    assert.equal(mismatch, 'caller_user_mismatch', 'a request for another user than the token');
    const allowed = await codeOf(gateway[forUser.method]!(request, opts));
    assert.ok(!IDENTITY_CODES.includes(allowed), `the gateway acting for usr_checked got ${allowed}`);
    for (const { method, request: denied, caller } of checks.notAllowed) {
      const code = await codeOf(as(keys.signer(caller))[method]!(denied));
      assert.equal(code, 'caller_not_allowed', `${caller} calling ${method}`);
    }
  } finally {
    for (const client of clients) client.close();
  }
}
