import { runService } from '@tp/runtime';
import { JobsConfigSchema } from './config.ts';
import { startJobsService } from './service.ts';

await runService({ name: 'jobs', config: JobsConfigSchema, start: startJobsService });
