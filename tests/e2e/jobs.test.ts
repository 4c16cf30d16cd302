// Jobs end to end, through the gateway of one fleet with the real worker and PocketSphinx
// (jobs/world.ts), one describe per workflow a user goes through, side by side, each with users of
// its own:
// - jobs/transcription.ts: a spoken video from upload to export, then its captions burnt in
//   (jobs/caption-burn.ts);
// - jobs/speakers.ts: a dialogue diarized, named and translated, a speaker renamed;
// - jobs/batch.ts: a batch of two media;
// - jobs/client-local.ts: a job the user's device runs, and a device that goes silent;
// - jobs/damaged-media.ts: a file damaged in storage fails its job;
// - jobs/sdk.ts: the same workflow through @tp/sdk alone (upload, job, wait, export, list);
// - jobs/quickstart.ts: the README's TypeScript quick start, run with node;
// then, alone, jobs/queue.ts: the queue with the worker stopped and back, and a running job
// cancelled (it restarts the worker and reads its child processes).
import { describe } from 'node:test';
import { batchTests } from './jobs/batch.ts';
import { clientLocalTests } from './jobs/client-local.ts';
import { damagedMediaTests } from './jobs/damaged-media.ts';
import { queueTests } from './jobs/queue.ts';
import { quickstartTests } from './jobs/quickstart.ts';
import { sdkTests } from './jobs/sdk.ts';
import { speakersTests } from './jobs/speakers.ts';
import { transcriptionTests } from './jobs/transcription.ts';
import { useJobsWorld } from './jobs/world.ts';

useJobsWorld();

describe('jobs, side by side', { concurrency: true }, () => {
  transcriptionTests();
  speakersTests();
  batchTests();
  clientLocalTests();
  damagedMediaTests();
  sdkTests();
  quickstartTests();
});

queueTests();
