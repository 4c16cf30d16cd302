// The operator's side of a fleet from the test's own process: the admin calls tsctl makes (a user,
// a token, credits, a feature) over the same gRPC admin services with the fleet's admin key. A
// test that makes many users saves a Node start per tsctl command, which on a busy machine made
// the first seconds of a shared fleet a storm of processes. tsctl itself is tested by its own tests.
import { asOperator, type Fleet } from '@tp/testing';
import { adminMetadata, createClient } from '@tp/grpc';
import { AccountsAdminServiceService, BillingAdminServiceService } from '@tp/proto';
import type { TestUser } from './jobs.ts';

export interface UserOptions {
  /** Credits granted at once (none: no grant). */
  credits?: number;
  features?: string[];
}

export interface FleetAdmin {
  /** `<name>@example.com` with a full token (as `tsctl tokens create --preset full`). */
  createUser(name: string, options?: UserOptions): Promise<TestUser>;
  /** Another token of the user: `read-only`, `automation` or `full`. */
  token(user: TestUser, preset: 'read-only' | 'automation' | 'full'): Promise<string>;
  close(): void;
}

const MICRO = 1_000_000;

export function fleetAdmin(fleet: Fleet): FleetAdmin {
  const metadata = adminMetadata(fleet.adminKey);
  const accounts = createClient(AccountsAdminServiceService, fleet.accountsGrpcAddr, {
    defaultDeadlineMs: 30_000,
    ...asOperator('accounts'),
  });
  const billing = createClient(BillingAdminServiceService, fleet.grpcAddr('billing'), {
    defaultDeadlineMs: 30_000,
    ...asOperator('billing'),
  });
  // One operator call at a time, as tsctl makes them; a failure carries the log of the service at fault.
  let last: Promise<unknown> = Promise.resolve();
  const serially = <T>(service: 'accounts' | 'billing', call: () => Promise<T>): Promise<T> => {
    const run = last.then(call).catch((err: Error) => {
      throw new Error(`${err.message}\n${service} log:\n${fleet.logs(service).slice(-3000)}`, { cause: err });
    });
    last = run.catch(() => undefined);
    return run;
  };
  const spec = (preset: string) => ({ name: 'e2e', scopes: [], preset, expiresInDays: 0, expiresAt: undefined });
  const token = async (user: { email: string }, preset: string) =>
    (await serially('accounts', () => accounts.issueToken({ email: user.email, spec: spec(preset) }, { metadata })))
      .secret;
  return {
    async createUser(name, { credits, features = [] } = {}) {
      const email = `${name}@example.com`;
      const { userId } = await serially('accounts', () => accounts.createUser({ email, password: '' }, { metadata }));
      for (const featureKey of features)
        await serially('accounts', () => accounts.grantFeature({ email, featureKey }, { metadata }));
      if (credits !== undefined) {
        const grant = { principalId: userId, amountMicro: credits * MICRO, reason: 'e2e', reference: '' };
        await serially('billing', () => billing.grantCredits({ ...grant, expiresAt: undefined }, { metadata }));
      }
      return { id: userId, email, token: await token({ email }, 'full') };
    },
    token,
    close() {
      accounts.close();
      billing.close();
    },
  };
}
