import { runService } from '@tp/runtime';
import { WebConfigSchema } from './config.ts';
import { startWebService } from './service.ts';

await runService({ name: 'web', config: WebConfigSchema, start: startWebService });
