import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '@tp/logging';
import { createHttpServer, httpTimeouts, type Running, serve, startService } from '@tp/runtime';
import type { WebConfig } from './config.ts';
import { createWebApp } from './server.ts';

export type RunningWeb = Running<{ port: number; url: string; opsPort: number }>;

/** Serves the built app on PORT and the probes on OPS_PORT; refuses to start without a build. */
export function startWebService(config: WebConfig, log: Logger): Promise<RunningWeb> {
  return startService(async (life) => {
    const app = createWebApp({ distDir: config.WEB_DIST_DIR, connectSources: config.WEB_CONNECT_SOURCES });
    const server = await life.open(
      'http',
      () =>
        new Promise<ReturnType<typeof createHttpServer>>((resolve, reject) => {
          const created = createHttpServer(httpTimeouts(config), app);
          created.once('error', reject);
          created.listen(config.PORT, config.HOST, () => {
            created.off('error', reject);
            resolve(created);
          });
        }),
      (created) =>
        new Promise<void>((resolve) => {
          created.close(() => resolve());
          created.closeIdleConnections();
        }),
    );
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    const indexFile = join(config.WEB_DIST_DIR, 'index.html');
    const { opsPort } = await serve(life, {
      log,
      ops: {
        host: config.OPS_HOST,
        port: config.OPS_PORT,
        http: httpTimeouts(config),
        ready: async () => ({ dist: existsSync(indexFile) }),
      },
    });
    log.info({ port, opsPort, distDir: config.WEB_DIST_DIR }, 'web listening');
    return { port, url: `http://${config.HOST}:${port}`, opsPort };
  });
}
