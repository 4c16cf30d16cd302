// The worker's whole workflows against one fleet of the real services it works for (accounts,
// billing, artifacts, media, jobs as processes; a real NATS work queue, real S3 storage), with
// ffmpeg and the engines: each expensive setup runs once for the file. Work is created as the
// product creates it: media uploaded and verified, then CreateJob, which publishes the ticket.
// What one use case decides (every branch, each failure) is tested beside it with its dependencies
// faked (src/usecases/**/*.test.ts); here only what needs real processes: whole workflows, a kill,
// a shutdown, an outage, the real engines, decoder hosts and the bus between workers.
import { poolWorkflows } from './pool-workflows.ts';
import { processWorkflows } from './process-workflows.ts';
import { transcriptionWorkflows } from './transcription-workflows.ts';
import { useWorkerFixture } from './worker-fixture.ts';

// Jobs serves what the pools mount: the cpu pool's PocketSphinx, and whisper's base.en on the gpu pool.
const fx = useWorkerFixture({ jobsEnv: { ENGINES: 'pocketsphinx,whisper:base.en' } });

transcriptionWorkflows(fx);
poolWorkflows(fx);
processWorkflows(fx);
