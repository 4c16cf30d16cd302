import { runService } from '@tp/runtime';
import { SharesConfigSchema } from './config.ts';
import { startSharesService } from './service.ts';

await runService({ name: 'shares', config: SharesConfigSchema, start: startSharesService });
