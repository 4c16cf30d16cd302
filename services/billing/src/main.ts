import { runService } from '@tp/runtime';
import { BillingConfigSchema } from './config.ts';
import { startBillingService } from './service.ts';

await runService({ name: 'billing', config: BillingConfigSchema, start: startBillingService });
