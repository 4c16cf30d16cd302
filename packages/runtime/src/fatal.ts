import { ConfigError } from '@tp/config';
import type { Logger } from '@tp/logging';

/**
 * Ends a process that could not start. A configuration error is the operator's to fix,
 * so it is reported by its message alone (one line per bad variable, no stack); anything
 * else is a bug and keeps its stack.
 */
export function fatal(log: Logger, err: unknown, exit: (code: number) => void = (code) => process.exit(code)): void {
  if (err instanceof ConfigError) {
    log.fatal({ problems: err.problems }, err.message);
  } else {
    log.fatal({ err }, `startup failed: ${err instanceof Error ? err.message : String(err)}`);
  }
  exit(1);
}
