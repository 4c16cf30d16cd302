// make status: which of our processes run, whether each service is ready, and which
// PostgreSQL/NATS/S3 the platform uses.
import { context, fleetForInspection, main } from './context.ts';
import { pgTarget } from './postgres.ts';
import { httpOk, httpStatus, natsInfo, pgState } from './probes.ts';
import { isAlive, managedNames, readPidFile } from './processes.ts';

main('make status', async () => {
  const { dirs, platform } = context({ create: false });
  const services = fleetForInspection(platform);
  const rows: string[][] = [['NAME', 'PID', 'STATE', 'DETAIL']];

  const managed = managedNames(dirs);
  const owned = (name: string): { pid: string; alive: boolean } => {
    const record = readPidFile(dirs, name);
    return { pid: record ? String(record.pid) : '-', alive: record ? isAlive(record) : false };
  };

  const pg = pgState(pgTarget(platform));
  const nats = await natsInfo(platform.nats.host, platform.nats.port);
  const s3 = await httpStatus(`${platform.s3.endpoint}/`);
  const infra: [string, boolean, string][] = [
    ['postgres', pg.state === 'ready', `${platform.database.host}:${platform.database.port} ${pg.state}`],
    [
      'nats',
      nats?.jetstream === true,
      `${platform.nats.host}:${platform.nats.port} ${nats ? `up${nats.jetstream ? ', JetStream' : ', NO JetStream'}` : 'down'}`,
    ],
    ['local-s3', s3 === 200, `${platform.s3.endpoint} ${s3 === 200 ? 'up' : 'down'}`],
  ];
  for (const [name, up, detail] of infra) {
    const { pid, alive } = owned(name);
    const state = alive
      ? up
        ? 'running (ours)'
        : 'starting (ours)'
      : up
        ? 'external'
        : managed.includes(name)
          ? 'dead'
          : 'down';
    rows.push([name, alive ? pid : '-', state, detail]);
  }
  for (const spec of services) {
    const { pid, alive } = owned(spec.name);
    const ready = await httpOk(spec.healthUrl);
    const state = alive ? (ready ? 'ready' : 'not ready') : managed.includes(spec.name) ? 'dead' : 'stopped';
    rows.push([spec.name, alive ? pid : '-', state, spec.healthUrl]);
  }
  for (const name of managed.filter((n) => !rows.some((r) => r[0] === n))) {
    const { pid, alive } = owned(name);
    rows.push([name, pid, alive ? 'running (not in the fleet)' : 'dead', '']);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const row of rows)
    console.log(
      row
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    );
});
