import assert from 'node:assert/strict';
import { copyFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { aliveInGroups, tempDir, type TempDir } from '@tp/testing';
import { assDocument } from './ass.ts';
import { BurnCancelledError, BurnFailedError, burnCaptions } from './burn.ts';
import type { BurnInput } from './burn-args.ts';
import { ffmpeg, styleOf } from './test-support.ts';
import { serveFiles } from '../../engines/src/test-fixtures.ts';

let dir: TempDir;
let base: Omit<BurnInput, 'input' | 'durationSeconds'>;
/** Ten minutes of audio: its burn onto a generated canvas takes far longer than the test waits. */
let longAudio: string;

before(async () => {
  dir = await tempDir('tp-captions-fail-');
  const assPath = join(dir.path, 'captions.ass');
  await writeFile(assPath, assDocument([], styleOf(), { width: 1280, height: 720 }));
  longAudio = join(dir.path, 'long.wav');
  await ffmpeg('-f', 'lavfi', '-i', 'sine=frequency=200:sample_rate=8000', '-t', '600', '-ac', '1', longAudio);
  base = {
    ffmpegPath: 'ffmpeg',
    assPath,
    outputPath: join(dir.path, 'out.mp4'),
    video: null,
    canvasColor: '#000000',
  };
});
after(() => dir.remove());

/** The rejection of `promise`, which must reject. */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => assert.fail('resolved'),
    (err: unknown) => err,
  );
}

function assertGone(pid: number | undefined): void {
  assert.ok(pid !== undefined && pid > 0);
  assert.throws(() => process.kill(pid, 0), { code: 'ESRCH' }, `ffmpeg ${pid} still runs`);
}

describe('burnCaptions cancellation', () => {
  it('kills ffmpeg midway when aborted, rejects once it has exited, and leaves no output', async () => {
    const controller = new AbortController();
    const progress: number[] = [];
    const running = burnCaptions({
      ...base,
      input: longAudio,
      durationSeconds: 600,
      signal: controller.signal,
      onProgress: (f) => {
        progress.push(f);
        if (f > 0) controller.abort();
      },
    });
    const err = await rejection(running);
    assert.ok(err instanceof BurnCancelledError, String(err));
    assert.ok(progress.at(-1)! > 0 && progress.at(-1)! < 0.5, `aborted midway, at ${progress.at(-1)}`);
    assertGone(err.pid);
    assert.deepEqual(await aliveInGroups([err.pid!]), []);
    assert.equal(existsSync(base.outputPath), false);
  });

  it('starts nothing when the signal is already aborted', async () => {
    const err = await rejection(
      burnCaptions({ ...base, input: longAudio, durationSeconds: 600, signal: AbortSignal.abort() }),
    );
    assert.ok(err instanceof BurnCancelledError);
    assert.equal(err.pid, undefined);
  });
});

describe('burnCaptions failures', () => {
  it('fails with BurnFailedError on a missing input, naming no path', async () => {
    const missing = join(dir.path, 'secret-name', 'missing.mp4');
    const err = await rejection(burnCaptions({ ...base, input: missing, durationSeconds: 3 }));
    assert.ok(err instanceof BurnFailedError, String(err));
    assert.match(err.detail, /No such file or directory/);
    assert.doesNotMatch(err.message, /secret-name|tp-captions/);
    assertGone(err.pid);
    assert.equal(existsSync(base.outputPath), false);
  });

  it('fails on a URL that answers 404 without the URL or its signature in the message', async () => {
    const server = await serveFiles(dir.path);
    try {
      const err = await rejection(burnCaptions({ ...base, input: server.url('gone.mp4'), durationSeconds: 3 }));
      assert.ok(err instanceof BurnFailedError, String(err));
      assert.match(err.detail, /404/);
      assert.doesNotMatch(err.message, /127\.0\.0\.1|Signature|gone\.mp4/);
    } finally {
      await server.close();
    }
  });

  it('reads media through a URL', async () => {
    const server = await serveFiles(dir.path);
    try {
      await ffmpeg('-f', 'lavfi', '-i', 'sine', '-t', '1', join(dir.path, 'short.wav'));
      const result = await burnCaptions({
        ...base,
        input: server.url('short.wav'),
        durationSeconds: 1,
        preset: 'ultrafast',
      });
      assert.ok(result.bytes > 0);
    } finally {
      await server.close();
    }
  });

  it('fails on media that is not media, and when ffmpeg cannot be started', async () => {
    const junk = join(dir.path, 'junk.mp4');
    await writeFile(junk, 'not a video at all');
    const unreadable = await rejection(burnCaptions({ ...base, input: junk, durationSeconds: 3 }));
    assert.ok(unreadable instanceof BurnFailedError, String(unreadable));
    assert.doesNotMatch(unreadable.message, /junk\.mp4|tp-captions/);
    const missingTool = await rejection(
      burnCaptions({ ...base, ffmpegPath: join(dir.path, 'no-ffmpeg'), input: junk, durationSeconds: 3 }),
    );
    assert.ok(missingTool instanceof BurnFailedError);
    assert.match(missingTool.detail, /could not be started \(ENOENT\)/);
  });

  it('fails when the ASS file is missing', async () => {
    const input = join(dir.path, 'copy.wav');
    await copyFile(longAudio, input);
    const err = await rejection(
      burnCaptions({ ...base, assPath: join(dir.path, 'none.ass'), input, durationSeconds: 1 }),
    );
    assert.ok(err instanceof BurnFailedError, String(err));
    assert.doesNotMatch(err.message, /none\.ass|tp-captions/);
  });
});
