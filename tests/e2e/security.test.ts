// Least privilege inside the fleet (issue 33), checked against the real servers make test starts:
// - security/database.ts: each service's PostgreSQL role reaches its own schema only, creates
//   nothing, and no one logs in as a role without its password (ADR 0036).
import { describe } from 'node:test';
import { databaseTests } from './security/database.ts';

describe('least privilege', () => {
  databaseTests();
});
