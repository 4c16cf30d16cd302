import { runService } from '@tp/runtime';
import { MediaConfigSchema } from './config.ts';
import { startMediaService } from './service.ts';

await runService({ name: 'media', config: MediaConfigSchema, start: startMediaService });
