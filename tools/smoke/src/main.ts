// node tools/smoke/src/main.ts: the smoke test of a running fleet (smoke.ts), configured by the
// environment. The chart's `helm test` Pod runs it against the gateway's Service; tests/e2e/operator/smoke.ts
// runs it against a local fleet. Exit codes: 0 passed, 1 a step failed (named on stderr), 2 usage.
//
//   GATEWAY_URL              the gateway's base URL (http://127.0.0.1:8080)
//   SMOKE_TOKEN              an API token (scopes: SMOKE_SCOPES of provision.ts), or
//   SMOKE_TOKEN_FILE         a file holding it (what the chart's init container writes)
//   SMOKE_TIMEOUT_SECONDS    the whole run's deadline, cleanup aside (default 300)
//   SMOKE_REQUEST_TIMEOUT_MS each request's (default 30000)
//   SMOKE_PROFILE            the job's profile (default oracle)
//   SMOKE_CLIP               a WAV file to transcribe instead of the bundled hello.wav
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runSmoke, SmokeError } from './smoke.ts';

/** "This is a smoke test.", spoken by flite (voice rms), 16 kHz mono 16-bit PCM. */
export const BUNDLED_CLIP = fileURLToPath(new URL('./hello.wav', import.meta.url));

class UsageError extends Error {}

function token(env: NodeJS.ProcessEnv): string {
  if (env.SMOKE_TOKEN) return env.SMOKE_TOKEN.trim();
  if (env.SMOKE_TOKEN_FILE) {
    try {
      return readFileSync(env.SMOKE_TOKEN_FILE, 'utf8').trim();
    } catch (err) {
      throw new UsageError(`SMOKE_TOKEN_FILE: ${(err as Error).message}`);
    }
  }
  throw new UsageError('set SMOKE_TOKEN or SMOKE_TOKEN_FILE');
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = Number(env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new UsageError(`${name} must be a positive number`);
  return value;
}

async function main(env: NodeJS.ProcessEnv): Promise<number> {
  const gatewayUrl = env.GATEWAY_URL?.replace(/\/+$/, '');
  if (!gatewayUrl) throw new UsageError('set GATEWAY_URL');
  const log = (line: string) => process.stdout.write(`smoke: ${line}\n`);
  const started = Date.now();
  const result = await runSmoke({
    gatewayUrl,
    token: token(env),
    clip: readFileSync(env.SMOKE_CLIP || BUNDLED_CLIP),
    profile: env.SMOKE_PROFILE || 'oracle',
    requestTimeoutMs: positive(env, 'SMOKE_REQUEST_TIMEOUT_MS', 30_000),
    deadline: started + positive(env, 'SMOKE_TIMEOUT_SECONDS', 300) * 1000,
    log,
  });
  log(`passed in ${((Date.now() - started) / 1000).toFixed(1)} s (job ${result.jobId})`);
  return 0;
}

try {
  process.exitCode = await main(process.env);
} catch (err) {
  if (err instanceof UsageError) {
    process.stderr.write(`smoke: ${err.message}\n`);
    process.exitCode = 2;
  } else if (err instanceof SmokeError) {
    process.stderr.write(`smoke: FAILED at ${err.step}: ${err.message}\n`);
    process.exitCode = 1;
  } else {
    process.stderr.write(`smoke: FAILED: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exitCode = 1;
  }
}
