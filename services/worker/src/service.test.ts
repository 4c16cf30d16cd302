import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { loadConfig } from '@tp/config';
import { generateServiceKeys } from '@tp/identity';
import { testPki } from '@tp/testing';
import { createLogger } from '@tp/logging';
import { WorkerConfigSchema } from './config.ts';
import { startWorkerService } from './service.ts';

const keys = generateServiceKeys(['worker']);
const log = createLogger({ service: 'worker-test', level: 'silent' });

/** Starts a worker with `env`; the checks come first, so nothing (NATS, the backends) is reached. */
const start = (env: Record<string, string>) =>
  startWorkerService(
    loadConfig(WorkerConfigSchema, {
      SERVICE_PRIVATE_KEY: keys.privateKeys.worker!,
      ...testPki().env('worker'),
      ...env,
    }),
    log,
  );

describe('startWorkerService', () => {
  it('refuses to start without the engine model, ffmpeg or ffprobe, saying what is missing', async () => {
    await assert.rejects(
      start({ POCKETSPHINX_MODEL_DIR: '/nowhere' }),
      /pocketsphinx cannot run: .*nowhere\/en-us is missing.*pocketsphinx-en-us/,
    );
    await assert.rejects(
      start({ FFMPEG_BIN: join('/nowhere', 'no-ffmpeg') }),
      /ffmpeg cannot run \(FFMPEG_BIN=.*no-ffmpeg: not found\)/,
    );
    await assert.rejects(
      start({ FFPROBE_BIN: join('/nowhere', 'no-ffprobe') }),
      /ffprobe cannot run \(FFPROBE_BIN=.*no-ffprobe: not found\)/,
    );
  });

  it('refuses to start a whisper worker without weights, naming the files it looked for', async () => {
    await assert.rejects(
      start({ WORKER_ENGINES: 'whisper', WORKER_POOL: 'gpu', WHISPER_MODEL_DIR: '/nonexistent/models' }),
      /whisper cannot run: no weights in WHISPER_MODEL_DIR \/nonexistent\/models \(looked for ggml-base\.en\.bin, ggml-medium\.en\.bin, ggml-small\.en\.bin\)/,
    );
  });
});
