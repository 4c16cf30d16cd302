// make faults: the fault suite in full. Starts its own PostgreSQL, NATS and S3 and a fleet on
// them, kills each target (SIGKILL) and restarts it, run after run, checks the invariants after
// every run, and prints one line per fault. Exits 1 on any violation.
//   FAULT_RUNS          runs of the worker kill (default 50)
//   FAULT_RUNS_OTHERS   runs of every other fault (default 5)
//   FAULTS              the targets to run, comma-separated (default all: worker,jobs,billing,
//                       media,artifacts,gateway,nats,postgres,local-s3)
import { context, fleetForInspection, osNeeds } from '../../tools/dev/context.ts';
import { ensureOsPackages, TEST_NEEDS } from '../../tools/dev/os-packages.ts';
import { startFaultFleet } from './support/fleet.ts';
import { type FaultReport, runFault, table } from './support/report.ts';
import { FAULTS } from './support/run.ts';
import { makeRecordings, removeRecordings, Session } from './support/session.ts';

const log = (line: string) => console.log(`faults: ${line}`);

function count(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number of at least 1`);
  return value;
}

function selectedFaults() {
  const wanted = process.env.FAULTS?.split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  if (!wanted) return FAULTS;
  const unknown = wanted.filter((t) => !FAULTS.some((f) => f.target === t));
  if (unknown.length)
    throw new Error(`unknown fault ${unknown.join(', ')}; known: ${FAULTS.map((f) => f.target).join(', ')}`);
  return FAULTS.filter((f) => wanted.includes(f.target));
}

async function main(): Promise<number> {
  const workerRuns = count('FAULT_RUNS', 50);
  const otherRuns = count('FAULT_RUNS_OTHERS', 5);
  const faults = selectedFaults();
  // What make test needs too: PostgreSQL, NATS, ffmpeg, PocketSphinx, flite.
  ensureOsPackages([...osNeeds(fleetForInspection(context({ create: false }).platform)), ...TEST_NEEDS], log);
  const began = Date.now();
  const fleet = await startFaultFleet(log);
  const stopOnSignal = () => void fleet.stop().finally(() => process.exit(130));
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  const recordings = await makeRecordings();
  const reports: FaultReport[] = [];
  try {
    log(`fleet ready in ${((Date.now() - began) / 1000).toFixed(0)} s`);
    for (const fault of faults) {
      const session = new Session(fleet, recordings, fault.target);
      reports.push(await runFault(fleet, session, fault, fault.target === 'worker' ? workerRuns : otherRuns, log));
    }
  } finally {
    await removeRecordings(recordings);
    await fleet.stop();
  }
  console.log(`\n${table(reports)}\n`);
  const found = reports.flatMap((r) => r.violations.map((v) => `${r.fault.name}: ${v}`));
  for (const v of found) console.log(`violation: ${v}`);
  for (const r of reports) {
    const failures = [...r.failures].sort(([a], [b]) => a - b).map(([status, n]) => `${n}× ${status || 'no answer'}`);
    if (failures.length) console.log(`${r.fault.name}: the client was answered ${failures.join(', ')}`);
    const kinds = new Set(r.internalErrors);
    if (kinds.size) console.log(`${r.fault.name}: ${r.internalErrors.length} answers 500 (${[...kinds].join('; ')})`);
  }
  console.log(`${found.length} violations in ${((Date.now() - began) / 60_000).toFixed(1)} min`);
  return found.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`faults failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    process.exit(1);
  },
);
