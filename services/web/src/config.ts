import { fileURLToPath } from 'node:url';
import { env, opsSettings, runtimeSettings, z } from '@tp/config';

/** services/web/dist, found from this file, so it holds in the repository and under /app in the image. */
export const DEFAULT_DIST_DIR = fileURLToPath(new URL('../dist', import.meta.url));

/** An http(s) origin (scheme, host, optional port; no path, query or credentials), as CSP takes it. */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value.replace(/\/$/, '');
  } catch {
    return false;
  }
}

export const WebConfigSchema = z.object({
  HOST: env.host('127.0.0.1'),
  /** The app itself, under /app/. */
  PORT: env.port(8090),
  /** /healthz, /readyz, /metrics. */
  ...opsSettings(9111),
  /** The built app (`vite build` output). */
  WEB_DIST_DIR: z.string().min(1).default(DEFAULT_DIST_DIR),
  /** Extra origins the app may reach (the object store's public origin: direct uploads, playback). */
  WEB_CONNECT_SOURCES: env
    .list()
    .pipe(
      z
        .array(z.string().refine(isOrigin, 'each item must be an http(s) origin such as https://s3.example.com'))
        .transform((items) => items.map((item) => new URL(item).origin)),
    ),
  ...runtimeSettings(),
});

export type WebConfig = z.infer<typeof WebConfigSchema>;
