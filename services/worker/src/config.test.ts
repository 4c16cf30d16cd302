import { availableParallelism } from 'node:os';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, loadConfig } from '@tp/config';
import { generateServiceKeys } from '@tp/identity';
import { testPki } from '@tp/testing';
import { WorkerConfigSchema } from './config.ts';

const keys = generateServiceKeys(['worker', 'gateway']);
/** The service's keys (ADR 0011): required, with no default. */
const serviceKeys = { SERVICE_PRIVATE_KEY: keys.privateKeys.worker!, ...testPki().env('worker') };

const problemsOf = (env: Record<string, string>): { variable: string; message: string }[] => {
  try {
    loadConfig(WorkerConfigSchema, { ...serviceKeys, ...env });
  } catch (err) {
    assert.ok(err instanceof ConfigError);
    return err.problems;
  }
  assert.fail('the configuration was accepted');
};

describe('worker configuration', () => {
  it('has working defaults: pocketsphinx on the cpu pool, jobs and engine processes one per core, 30 s windows', () => {
    assert.deepEqual(
      problemsOf({ SERVICE_PRIVATE_KEY: '' }).map((p) => p.variable),
      ['SERVICE_PRIVATE_KEY'],
      'the key it signs its calls with has no default',
    );
    const config = loadConfig(WorkerConfigSchema, serviceKeys);
    assert.equal(config.OPS_PORT, 9106);
    assert.equal(config.JOBS_GRPC_ADDR, '127.0.0.1:50055');
    assert.equal(config.WORKER_POOL, 'cpu');
    assert.deepEqual(config.WORKER_ENGINES, ['pocketsphinx']);
    assert.equal(config.WORKER_CONCURRENCY, availableParallelism());
    assert.equal(config.ENGINE_POOL_SIZE, availableParallelism());
    assert.equal(config.WINDOW_TARGET_SECONDS, 30);
    assert.equal(config.WINDOW_MAX_SECONDS, 60);
    assert.deepEqual(
      problemsOf({ WINDOW_TARGET_SECONDS: '40', WINDOW_MAX_SECONDS: '40' }).map((p) => p.variable),
      ['WINDOW_MAX_SECONDS'],
    );
    assert.equal(config.WORK_ACK_WAIT_MS, 30_000);
    assert.equal(config.WORK_MAX_DELIVER, 3);
    assert.equal(config.PROGRESS_INTERVAL_MS, 1000);
    assert.equal(config.POCKETSPHINX_RUNNER, 'command');
    assert.equal(config.POCKETSPHINX_BIN, 'pocketsphinx_continuous');
    assert.equal(config.POCKETSPHINX_MODEL_DIR, '/usr/share/pocketsphinx/model/en-us');
    assert.equal(config.POCKETSPHINX_MAX_HMM_PER_FRAME, 3000);
    assert.equal(config.POCKETSPHINX_MAX_WORDS_PER_FRAME, 10);
    assert.equal(config.FFMPEG_BIN, 'ffmpeg');
    assert.match(config.WORKER_ID, new RegExp(`-${process.pid}$`));
  });

  it('reads lists and numbers', () => {
    const config = loadConfig(WorkerConfigSchema, {
      ...serviceKeys,
      WORKER_ENGINES: ' pocketsphinx , pocketsphinx ',
      WORKER_CONCURRENCY: '2',
      WORKER_POOL: 'gpu',
      WORKER_ID: 'worker-a',
    });
    assert.deepEqual(config.WORKER_ENGINES, ['pocketsphinx']);
    assert.equal(config.WORKER_CONCURRENCY, 2);
    assert.equal(config.WORKER_POOL, 'gpu');
    assert.equal(config.WORKER_ID, 'worker-a');
  });

  it('refuses unknown engines and an empty list', () => {
    assert.match(
      problemsOf({ WORKER_ENGINES: 'kaldi' })[0]!.message,
      /unknown engine "kaldi" \(known: pocketsphinx, whisper\)/,
    );
    assert.match(problemsOf({ WORKER_ENGINES: ' , ' })[0]!.message, /at least one engine/);
  });

  it('refuses a pool that is not a subject token and settings that cannot work', () => {
    assert.deepEqual(
      problemsOf({ WORKER_POOL: 'cpu.large' }).map((p) => p.variable),
      ['WORKER_POOL'],
    );
    assert.deepEqual(
      problemsOf({ WORKER_CONCURRENCY: '0' }).map((p) => p.variable),
      ['WORKER_CONCURRENCY'],
    );
    assert.deepEqual(
      problemsOf({ WORK_ACK_WAIT_MS: '500', PROGRESS_INTERVAL_MS: '100' }).map((p) => p.variable),
      ['WORK_ACK_WAIT_MS'],
    );
    assert.deepEqual(
      problemsOf({ WORK_ACK_WAIT_MS: '2000', PROGRESS_INTERVAL_MS: '1000' }).map((p) => p.variable),
      ['PROGRESS_INTERVAL_MS'],
    );
    assert.deepEqual(
      problemsOf({ JOBS_GRPC_ADDR: 'jobs' }).map((p) => p.variable),
      ['JOBS_GRPC_ADDR'],
    );
    assert.deepEqual(
      problemsOf({ WORKER_ID: 'has space' }).map((p) => p.variable),
      ['WORKER_ID'],
    );
  });
});

describe("worker configuration: the decoder's search bounds", () => {
  it("takes the decoder's search bounds, the tool's own (30000, -1) included, and refuses what would find no words", () => {
    const tool = loadConfig(WorkerConfigSchema, {
      ...serviceKeys,
      POCKETSPHINX_MAX_HMM_PER_FRAME: '30000',
      POCKETSPHINX_MAX_WORDS_PER_FRAME: '-1',
    });
    assert.equal(tool.POCKETSPHINX_MAX_HMM_PER_FRAME, 30000);
    assert.equal(tool.POCKETSPHINX_MAX_WORDS_PER_FRAME, -1);
    assert.deepEqual(
      problemsOf({ POCKETSPHINX_MAX_HMM_PER_FRAME: '10', POCKETSPHINX_MAX_WORDS_PER_FRAME: '0' }).map(
        (p) => p.variable,
      ),
      ['POCKETSPHINX_MAX_HMM_PER_FRAME', 'POCKETSPHINX_MAX_WORDS_PER_FRAME'],
    );
    assert.match(problemsOf({ POCKETSPHINX_MAX_WORDS_PER_FRAME: '0' })[0]!.message, /-1 \(no bound\) or at least 1/);
  });
});

describe('worker configuration: whisper', () => {
  it('runs whisper with the models and threads named, refusing a model no profile runs', () => {
    const config = loadConfig(WorkerConfigSchema, {
      ...serviceKeys,
      WORKER_ENGINES: 'pocketsphinx,whisper',
      WHISPER_MODELS: 'base.en, small.en',
      WHISPER_THREADS: '4',
      WHISPER_USE_GPU: 'true',
    });
    assert.deepEqual(config.WORKER_ENGINES, ['pocketsphinx', 'whisper']);
    assert.deepEqual(
      [config.WHISPER_MODELS, config.WHISPER_THREADS, config.WHISPER_USE_GPU, config.WHISPER_MODEL_DIR],
      [['base.en', 'small.en'], 4, true, '/models'],
    );
    const [problem, ...rest] = problemsOf({ WORKER_ENGINES: 'whisper', WHISPER_MODELS: 'large-v3' });
    assert.equal(rest.length, 0);
    assert.equal(problem?.variable, 'WHISPER_MODELS');
    assert.match(
      problem!.message,
      /no profile runs the whisper model "large-v3" \(the catalog's: base\.en, medium\.en, small\.en\)/,
    );
  });
});
