// Run by runtime.test.ts: a startup that fails on configuration and calls fatal with the real process.exit.
import { loadConfig, z } from '@tp/config';
import { createLogger } from '@tp/logging';
import { fatal } from '../index.ts';

const log = createLogger({ service: 'fatal-child' });
try {
  loadConfig(z.object({ DATABASE_URL: z.string() }), {});
} catch (err) {
  fatal(log, err);
}
process.stdout.write('not reached\n');
