import { runService } from '@tp/runtime';
import { WorkerConfigSchema } from './config.ts';
import { startWorkerService } from './service.ts';

await runService({ name: 'worker', config: WorkerConfigSchema, start: startWorkerService });
