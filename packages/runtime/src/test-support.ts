// Test-only (not exported from index.ts).
import { createLogger } from '@tp/logging';

/** A logger whose lines land in an array, so tests can read what was logged. */
export function captureLogger() {
  const lines: Record<string, unknown>[] = [];
  const log = createLogger({
    service: 'runtime-test',
    level: 'debug',
    destination: { write: (line: string) => void lines.push(JSON.parse(line)) },
  });
  return { log, lines };
}
