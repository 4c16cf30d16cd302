import { z } from 'zod';

export { z };

export class ConfigError extends Error {
  readonly problems: { variable: string; message: string }[];

  constructor(problems: { variable: string; message: string }[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p.variable}: ${p.message}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/**
 * Parses the environment once against a schema whose keys are the variable names.
 * Every bad or missing variable is reported at once, by name.
 */
export function loadConfig<S extends z.ZodObject>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  // Empty strings count as unset, as in most deployment tools.
  const input: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = env[key];
    if (value !== undefined && value !== '') input[key] = value;
  }
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => ({
      variable: String(issue.path[0] ?? '(root)'),
      message: issue.code === 'invalid_type' && issue.input === undefined ? 'is required but not set' : issue.message,
    })),
  );
}

/** Building blocks for service configuration schemas. */
export const env = {
  port: (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback),
  host: (fallback = '127.0.0.1') => z.string().min(1).default(fallback),
  url: () => z.url(),
  postgresUrl: () => z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgresql:// URL'),
  natsUrl: (fallback = 'nats://127.0.0.1:4222') => z.string().regex(/^(nats|tls):\/\//, 'must be a nats:// URL').default(fallback),
  logLevel: () => z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  secret: (minLength = 32) => z.string().min(minLength, `must be at least ${minLength} characters`),
  bool: (fallback: boolean) =>
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'])
      .default(fallback ? 'true' : 'false')
      .transform((v) => v === 'true' || v === '1' || v === 'yes'),
  milliseconds: (fallback: number) => z.coerce.number().int().min(0).default(fallback),
  /** host:port of a gRPC peer. */
  address: (fallback: string) => z.string().regex(/^[^\s:]+:\d{1,5}$/, 'must be host:port').default(fallback),
};
