import { runService } from '@tp/runtime';
import { ArtifactsConfigSchema } from './config.ts';
import { startArtifactsService } from './service.ts';

await runService({ name: 'artifacts', config: ArtifactsConfigSchema, start: startArtifactsService });
