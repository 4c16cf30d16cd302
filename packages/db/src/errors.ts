/**
 * What went wrong in a migration command, in words a developer can act on. The CLI prints
 * `message` alone (no stack) for these; anything else is a bug and keeps its stack.
 */
export type MigrationErrorCode =
  | 'invalid_input' // bad arguments: URL, service, migration name
  | 'database_unreachable' // server down, wrong port, authentication refused
  | 'database_missing' // the database named in the URL does not exist
  | 'invalid_schema' // schema.prisma does not validate
  | 'migration_failed' // a migration's SQL failed (live or shadow database), or a failed one is recorded
  | 'drift' // the database does not match its migration history
  | 'data_loss' // the next migration would destroy data and that was not accepted
  | 'unexecutable' // the next migration cannot run on the current data
  | 'engine_failure'; // the schema engine answered something impossible or crashed

export class MigrationError extends Error {
  override readonly name = 'MigrationError';
  readonly code: MigrationErrorCode;
  /** The Prisma error code (P1012, P3018, …) when the schema engine gave one. */
  readonly engineCode: string | undefined;

  constructor(code: MigrationErrorCode, message: string, options: { engineCode?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.engineCode = options.engineCode;
  }
}

export function isMigrationError(value: unknown): value is MigrationError {
  return value instanceof MigrationError;
}

const ENGINE_CODES: Record<string, MigrationErrorCode> = {
  P1000: 'database_unreachable', // authentication failed
  P1001: 'database_unreachable',
  P1003: 'database_missing',
  P1012: 'invalid_schema',
  P3005: 'drift', // non-empty schema without migration history
  P3006: 'migration_failed', // a migration fails on the shadow database
  P3008: 'migration_failed',
  P3009: 'migration_failed', // failed migrations recorded in the target database
  P3018: 'migration_failed', // a migration failed to apply
  P3019: 'invalid_input', // migration_lock.toml names another provider
};

/**
 * Turns what the wasm schema engine throws into a MigrationError (other errors pass through). The engine appends a Rust span
 * trace ("   0: sql_schema_connector::…") to its messages; that helps nobody reading a CLI error.
 */
export function fromEngineError(error: unknown): unknown {
  if (error instanceof MigrationError) return error;
  // Programming errors on our side keep their type and stack.
  if (
    error instanceof TypeError ||
    error instanceof ReferenceError ||
    error instanceof RangeError ||
    error instanceof SyntaxError
  )
    return error;
  const raw = error instanceof Error ? error.message : String(error);
  const message = stripSpanTrace(raw);
  const engineCode =
    typeof (error as { code?: unknown })?.code === 'string' ? (error as { code: string }).code : undefined;
  if (error instanceof Error && error.constructor.name === 'RuntimeError') {
    // WebAssembly.RuntimeError: a Rust panic ("unreachable") inside the engine.
    return new MigrationError('engine_failure', `the schema engine crashed: ${message}`, { cause: error });
  }
  const mapped = engineCode === undefined ? codeFromMessage(message) : (ENGINE_CODES[engineCode] ?? 'engine_failure');
  return new MigrationError(mapped, message, { cause: error, ...(engineCode === undefined ? {} : { engineCode }) });
}

// Errors raised before the engine speaks its protocol (while connecting) carry no P-code.
function codeFromMessage(message: string): MigrationErrorCode {
  if (/can't reach database server|authentication failed|ECONNREFUSED|ENOTFOUND/i.test(message))
    return 'database_unreachable';
  if (/^database `[^`]*` does not exist/i.test(message)) return 'database_missing';
  return 'engine_failure';
}

export function stripSpanTrace(message: string): string {
  const lines = message.split('\n');
  const traceStart = lines.findIndex((line) => /^\s+\d+: [a-z_]+::/.test(line));
  return (traceStart === -1 ? lines : lines.slice(0, traceStart)).join('\n').trim();
}
