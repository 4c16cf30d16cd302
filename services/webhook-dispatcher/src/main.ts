import { runService } from '@tp/runtime';
import { WebhookDispatcherConfigSchema } from './config.ts';
import { startWebhookDispatcherService } from './service.ts';

await runService({
  name: 'webhook-dispatcher',
  config: WebhookDispatcherConfigSchema,
  start: startWebhookDispatcherService,
});
