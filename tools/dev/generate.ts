// make generate: gRPC code and Prisma clients (never committed, always regenerated), and the SDK's
// contract (committed, rewritten when the gateway's document changed).
import { context, logger, main } from './context.ts';
import { platformEnv } from './platform.ts';
import { generateCode } from './workspace.ts';

main('make generate', async () => {
  const { secrets, platform } = context({ create: false });
  generateCode(logger('generate'), { ...platformEnv(platform, secrets), ...process.env });
});
