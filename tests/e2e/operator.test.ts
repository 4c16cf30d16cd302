// What the operator of a deployment runs and reads, through one fleet with the real worker
// (operator/world.ts), one module after the other:
// - operator/smoke.ts: the chart's `helm test` script (tools/smoke) against the fleet, with the user
//   and token its init container provisions;
// - operator/metrics.ts: every service's Prometheus metrics, and a job moving them. It reads
//   counters of the whole fleet before and after, and stops the worker for a while, so it runs
//   alone, after the smoke test has ended.
// (job-trace.test.ts keeps a fleet of its own: every process exports its spans over OTLP and a user
// may run one job at a time, which would change what these count.)
import { metricsTests } from './operator/metrics.ts';
import { smokeTests } from './operator/smoke.ts';
import { useOperatorWorld } from './operator/world.ts';

useOperatorWorld();

smokeTests();
metricsTests();
