// Least privilege inside the fleet (issue 33), tried as an attacker who owns one pod and holds its
// credentials would try it, against the real servers and services:
// - security/database.ts: each service's PostgreSQL role reaches its own schema only, creates
//   nothing, and no one logs in as a role without its password (ADR 0036);
// - security/worker.ts: the worker's own key and certificate reach a user's data only under the
//   grant of a job it runs, and not after (ADR 0040);
// - security/bus.ts: each service's NATS credentials publish, read and touch only what its role
//   needs; no anonymous client, no credentials of another authority (ADR 0041).
// Forged deletion events are refused at their source in shares/links.ts (ADR 0039); gRPC without a
// certificate of the fleet's CA in packages/grpc/src/tls.test.ts (ADR 0037).
import { describe } from 'node:test';
import { busTests } from './security/bus.ts';
import { databaseTests } from './security/database.ts';
import { workerReachTests } from './security/worker.ts';
import { useSecurityFleet } from './support/security.ts';

useSecurityFleet();

describe('least privilege inside the fleet', () => {
  databaseTests();
  workerReachTests();
  busTests();
});
