// Run by runtime.test.ts as a real child process: installs handleShutdown and waits for a signal.
// MODE=ok: steps finish; MODE=hang: the second step never finishes (timeout / second signal).
import { createLogger } from '@tp/logging';
import { handleShutdown } from '../index.ts';

const mode = process.env.MODE ?? 'ok';
const log = createLogger({ service: 'shutdown-child', level: 'silent' });
const keepAlive = setInterval(() => {}, 60_000);

handleShutdown({
  log,
  timeoutMs: Number(process.env.TIMEOUT_MS ?? 5000),
  steps: [
    { name: 'stop-intake', run: async () => void process.stdout.write('step:stop-intake\n') },
    {
      name: 'drain',
      run: () =>
        mode === 'hang'
          ? new Promise<void>(() => process.stdout.write('step:drain-hanging\n'))
          : new Promise<void>((resolve) => setTimeout(() => (process.stdout.write('step:drain\n'), resolve()), 100)),
    },
    {
      name: 'close',
      run: async () => {
        clearInterval(keepAlive);
        process.stdout.write('step:close\n');
      },
    },
  ],
});
process.stdout.write('ready\n');
