import { runService } from '@tp/runtime';
import { AccountsConfigSchema } from './config.ts';
import { startAccountsService } from './service.ts';

await runService({ name: 'accounts', config: AccountsConfigSchema, start: startAccountsService });
