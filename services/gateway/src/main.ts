import { runService } from '@tp/runtime';
import { GatewayConfigSchema } from './config.ts';
import { startGatewayService } from './service.ts';

await runService({ name: 'gateway', config: GatewayConfigSchema, start: startGatewayService });
