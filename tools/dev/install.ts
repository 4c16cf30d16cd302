// make install: pnpm install --frozen-lockfile when node_modules is missing or the lockfile changed.
import { logger, main } from './context.ts';
import { installDependencies } from './workspace.ts';

main('make install', async () => {
  if (!installDependencies(logger('install'))) console.log('install: dependencies up to date');
});
