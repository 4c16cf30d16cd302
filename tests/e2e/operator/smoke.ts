// The chart's `helm test` script against a local fleet: the smoke user and token made with tsctl by
// the very commands the test Pod's init container runs (tools/smoke/src/provision.ts), then
// tools/smoke/src/main.ts as a child process, pointed at the fleet's gateway. A bad token fails at
// the sign-in step, by name.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { provision } from '../../../tools/smoke/src/provision.ts';
import { world } from './world.ts';

const SMOKE = fileURLToPath(new URL('../../../tools/smoke/src/main.ts', import.meta.url));
const EMAIL = 'smoke+e2e@example.com';

function smoke(token: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [SMOKE],
      {
        env: { ...process.env, GATEWAY_URL: world.fleet.gatewayUrl, SMOKE_TOKEN: token, SMOKE_TIMEOUT_SECONDS: '120' },
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

export function smokeTests(): void {
  describe("the chart's smoke test", { concurrency: false }, smokeRuns);
}

function smokeRuns(): void {
  it('passes with the provisioned token: upload, job succeeded, export read, everything deleted', async () => {
    const token = await provision(world.fleet.tsctl, { email: EMAIL, credits: '1' });
    const run = await smoke(token);
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    for (const step of ['sign-in: ok', 'upload: ok', 'succeeded', 'export: ok', 'cleanup: ok', 'passed in'])
      assert.ok(run.stdout.includes(`smoke: ${step}`) || run.stdout.includes(step), `${step}\n${run.stdout}`);
    const media = await fetch(`${world.fleet.gatewayUrl}/api/v1/media`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.deepEqual(((await media.json()) as { data: unknown[] }).data, [], 'the media is gone');
  });

  it('provisions again for a second run: the existing user is kept', async () => {
    const token = await provision(world.fleet.tsctl, { email: EMAIL, credits: '1' });
    assert.match(token, /^tsk_/);
  });

  it('fails at sign-in, by name, with a bad token', async () => {
    const run = await smoke('tsk_not_a_real_token');
    assert.equal(run.code, 1, run.stdout);
    assert.match(
      run.stderr,
      /^smoke: FAILED at sign-in: the token was refused: GET \/api\/v1\/jobs\?limit=1 answered 401/m,
    );
  });
}
