import { runService } from '@tp/runtime';
import { AiProxyConfigSchema } from './config.ts';
import { startAiProxyService } from './service.ts';

await runService({ name: 'ai-proxy', config: AiProxyConfigSchema, start: startAiProxyService });
