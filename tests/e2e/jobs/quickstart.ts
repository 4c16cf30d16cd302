// The README's TypeScript quick start, as a new user runs it: the file the README shows
// (examples/quickstart/quickstart.ts, a workspace package on @tp/sdk) run with node against the
// fleet, with a clip of speech: upload, transcription, wait, export, and a webhook verified.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { repoRoot } from '@tp/testing';
import { ON_THE_WORKER, userOf, world } from './world.ts';

const QUICKSTART = join(repoRoot(), 'examples/quickstart/quickstart.ts');

async function runsAsTheReadmeSays(): Promise<void> {
  const readme = readFileSync(join(repoRoot(), 'README.md'), 'utf8');
  assert.ok(
    readme.includes(`\`\`\`ts\n${readFileSync(QUICKSTART, 'utf8')}\`\`\``),
    'the README shows the file as it is',
  );

  const user = await userOf('quickstart-user', 100);
  const run = await promisify(execFile)(process.execPath, [QUICKSTART, world.short], {
    cwd: repoRoot(),
    env: { ...process.env, TP_URL: world.fleet.gatewayUrl, TP_TOKEN: user.token },
    timeout: ON_THE_WORKER.timeout - 10_000,
  });
  assert.match(run.stdout, /^1\n00:00:\d\d,\d{3} --> 00:00:\d\d,\d{3}\n.*window/im, 'the subtitles');
  assert.match(run.stdout, /^webhook transcription\.completed for job job_\w+: verified$/m);
  assert.match(run.stderr, /uploaded \d+ of \d+ bytes/);
}

export function quickstartTests(): void {
  describe('the README quick start', () => {
    it(
      'uploads, transcribes, waits, exports and verifies a webhook, run with node',
      ON_THE_WORKER,
      runsAsTheReadmeSays,
    );
  });
}
