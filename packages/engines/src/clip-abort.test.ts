import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import {
  aliveInGroups,
  childGroups,
  eventually,
  notKilledInGroups,
  synthesizeSpeech,
  tempDir,
  type TempDir,
  writeScript,
} from '@tp/testing';
import { transcribeClip } from './clip.ts';
import { createPocketsphinxEngine } from './pocketsphinx/pocketsphinx.ts';
import { DEFAULT_POCKETSPHINX_MODEL_DIR } from './settings.ts';

const engine = createPocketsphinxEngine({
  binary: 'pocketsphinx_continuous',
  modelDir: DEFAULT_POCKETSPHINX_MODEL_DIR,
});
let dir: TempDir;
let clip: Buffer;

before(async () => {
  dir = await tempDir();
  clip = await readFile(await synthesizeSpeech(HELLO, { dir: dir.path, name: 'hello' }));
});
after(async () => {
  await dir?.remove();
});

const HELLO = 'Hello world, this is a short clip.';

/** The process groups this test process started since `before`, once `alive` of their processes run. */
async function newGroups(before: Set<number>, alive: number): Promise<number[]> {
  return eventually(`new process groups with ${alive} live processes`, async () => {
    const now = (await childGroups()).filter((g) => !before.has(g));
    return now.length > 0 && (await aliveInGroups(now)).length >= alive ? now : undefined;
  });
}

async function abortWhileRunning(start: (signal: AbortSignal) => Promise<unknown>, alive: number): Promise<void> {
  const controller = new AbortController();
  const before = new Set(await childGroups());
  const running = start(controller.signal);
  const groups = await newGroups(before, alive);
  controller.abort(new Error('client went away'));
  // Read before anything else runs: the abort itself sent SIGKILL to every process of the group.
  assert.deepEqual(notKilledInGroups(groups), [], 'killed at once');
  await assert.rejects(running, /client went away/);
  await eventually('no process left in the groups', async () => (await aliveInGroups(groups)).length === 0);
}

describe('transcribeClip: abort', () => {
  it('kills the engine’s whole process group at once and rejects with the reason', async () => {
    const slow = await writeScript(dir.path, 'slow-engine.sh', 'sleep 30 & sleep 30\ncat > /dev/null');
    const stuck = createPocketsphinxEngine({ binary: slow, modelDir: DEFAULT_POCKETSPHINX_MODEL_DIR });
    // sh, cat, the stand-in and its two sleeps: at least three of them are running once it has started.
    await abortWhileRunning((signal) => transcribeClip({ input: clip, engine: stuck, signal }), 3);
  });

  it('kills ffmpeg’s process group at once while it decodes', async () => {
    const slow = await writeScript(dir.path, 'slow-ffmpeg.sh', 'sleep 30 & sleep 30');
    await abortWhileRunning((signal) => transcribeClip({ input: clip, engine, ffmpegPath: slow, signal }), 2);
  });

  it('starts nothing when the signal is already aborted', async () => {
    const before = new Set(await childGroups());
    const controller = new AbortController();
    controller.abort(new Error('already gone'));
    await assert.rejects(transcribeClip({ input: clip, engine, signal: controller.signal }), /already gone/);
    assert.deepEqual(
      (await childGroups()).filter((g) => !before.has(g)),
      [],
    );
  });
});
