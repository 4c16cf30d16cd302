import { constants } from 'node:os';
import { EngineError } from '../engine.ts';

/** The shell reports a command killed by signal n as exit status 128 + n. */
function signalName(code: number | null): string | undefined {
  if (code === null || code <= 128 || code >= 128 + 65) return undefined;
  return Object.entries(constants.signals).find(([, number]) => number === code - 128)?.[0];
}

/** The failed run as an EngineError: how it ended in its message, its last words in `output` (the log's, never a user's). */
export function processExitError(
  engine: string,
  code: number | null,
  signal: NodeJS.Signals | null,
  stderr: string,
): EngineError {
  const killedBy = signal ?? signalName(code);
  const how = killedBy ? `crashed (killed by ${killedBy})` : `exited with code ${String(code)}`;
  const output = stderr.trim().split(/\r?\n/).slice(-3).join(' | ').slice(0, 500);
  return new EngineError(`${engine} ${how}`, { output });
}
