// The smoke test's own user and token, made with tsctl: one list of commands that the chart's
// `helm test` Pod (its init container, provision-main.ts) and tests/e2e/operator/smoke.ts (fleet.tsctl)
// both run, so the test proves what the hook does. Running it again is safe: an existing user is kept.

/** What the smoke test does and nothing more: upload and delete media, run jobs, read and delete transcripts. */
export const SMOKE_SCOPES = [
  'files:read',
  'files:write',
  'jobs:read',
  'jobs:write',
  'transcripts:read',
  'transcripts:write',
] as const;

export interface ProvisionOptions {
  email: string;
  /** Credits granted at each run (they expire after a day): a short clip costs far less. */
  credits: string;
}

export interface ProvisionStep {
  name: string;
  /** tsctl's arguments. */
  args: string[];
  /** A failure whose stderr matches is no failure (the user made by an earlier run). */
  tolerate?: RegExp;
}

/** tsctl flags in order: { email: E } gives ['--email', E]. */
const flags = (values: Record<string, string>) =>
  Object.entries(values).flatMap(([name, value]) => [`--${name}`, value]);

/** The tsctl commands, in order; the last one prints the token. */
export function provisionSteps({ email, credits }: ProvisionOptions): ProvisionStep[] {
  const scopes = SMOKE_SCOPES.join(',');
  return [
    { name: 'create the user', args: ['users', 'create', ...flags({ email })], tolerate: /tsctl: conflict: / },
    {
      name: 'grant credits',
      args: ['credits', 'grant', ...flags({ email, credits, 'expires-days': '1', reason: 'smoke test' })],
    },
    {
      name: 'mint the token',
      args: ['tokens', 'create', ...flags({ email, scopes, 'expires-days': '1', name: 'smoke test' })],
    },
  ];
}

export type Tsctl = (...args: string[]) => Promise<{ code: number; stdout: string; stderr: string }>;

/** Runs the steps with `tsctl`; answers the token, or throws naming the step that failed. */
export async function provision(tsctl: Tsctl, options: ProvisionOptions): Promise<string> {
  let last = '';
  for (const step of provisionSteps(options)) {
    const result = await tsctl(...step.args);
    if (result.code !== 0 && !step.tolerate?.test(result.stderr))
      throw new Error(`provision: ${step.name} failed (tsctl exit ${result.code}): ${result.stderr.trim()}`);
    last = result.stdout.trim();
  }
  if (!last.startsWith('tsk_')) throw new Error(`provision: mint the token printed no token: ${last.slice(0, 80)}`);
  return last;
}
