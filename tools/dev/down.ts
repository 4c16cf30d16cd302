// make down: stops exactly what make up started, services first, then our own infrastructure.
import { context, fleetForInspection, logger, main } from './context.ts';
import { managedNames, stopDaemon } from './processes.ts';

const log = logger('down');

/** Infrastructure goes last, the database after everything that might still write to it. */
const INFRA_ORDER = ['local-s3', 'nats', 'postgres'];

export function stopOrder(managed: string[], fleetOrder: string[]): string[] {
  const services = managed.filter((name) => !INFRA_ORDER.includes(name));
  const rank = (name: string): number => {
    const index = fleetOrder.indexOf(name);
    return index < 0 ? fleetOrder.length : index;
  };
  // Reverse start order; services no longer in the fleet first.
  services.sort((a, b) => rank(b) - rank(a) || a.localeCompare(b));
  return [...services, ...INFRA_ORDER.filter((name) => managed.includes(name))];
}

if (import.meta.main) {
  main('make down', async () => {
    const { dirs, platform } = context({ create: false });
    const names = stopOrder(
      managedNames(dirs),
      fleetForInspection(platform).map((s) => s.name),
    );
    if (!names.length) {
      log('nothing of ours is running');
      return;
    }
    for (const name of names) {
      const result = await stopDaemon(dirs, name);
      log(`${name}: ${result === 'not-running' ? 'was not running (stale pid file removed)' : result}`);
    }
  });
}
