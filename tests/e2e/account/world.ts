// The fleet of tests/e2e/account.test.ts, started once for all its modules: every service but the
// worker and shares (jobs answers what this deployment runs, for /models, and takes jobs that stay
// queued). The gateway caches a credential for its longest time (LONGEST_AUTH_CACHE), so a prompt
// 401 after a revocation comes from the account event, and logs every request (LOG_LEVEL info, with
// accounts at debug) for the trace of tracing.ts; rate limits are counted at limits no test
// reaches, since the modules sign in and present wrong credentials from one address side by side.
// Each module makes users of its own (distinct emails), so no module reads another's.
import { after, before } from 'node:test';
import { type Fleet, startFleet, UNREACHED_RATE_LIMITS } from '@tp/testing';
import { FLEET_START } from '../support/fleet-start.ts';
import { LONGEST_AUTH_CACHE, UNREACHED_IP_LIMITS } from '../support/http.ts';

export interface AccountWorld {
  fleet: Fleet;
}

export const world = {} as AccountWorld;

export function useAccountWorld(): void {
  before(async () => {
    world.fleet = await startFleet({
      without: ['worker', 'shares'],
      gatewayEnv: { ...LONGEST_AUTH_CACHE, ...UNREACHED_RATE_LIMITS, ...UNREACHED_IP_LIMITS, LOG_LEVEL: 'info' },
      accountsEnv: { LOG_LEVEL: 'debug' },
    });
  }, FLEET_START);

  after(async () => {
    await world.fleet?.stop();
  });
}
