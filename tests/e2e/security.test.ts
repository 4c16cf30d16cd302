// Least privilege inside the fleet (issue 33), tried as an attacker who owns one pod and holds its
// credentials would try it, against the real services: the worker's reach bound to the jobs it runs
// (security/worker.ts). Forged deletion events are refused at their source in shares/links.ts.
import { describe } from 'node:test';
import { workerReachTests } from './security/worker.ts';
import { useSecurityFleet } from './support/security.ts';

useSecurityFleet();

describe('least privilege inside the fleet', () => {
  workerReachTests();
});
