// What every command starts from: the state folders, the secrets and the settings.
import { fleet } from './fleet.ts';
import type { ServiceSpec } from './fleet.ts';
import { ensureLayout, layout } from './layout.ts';
import type { Layout } from './layout.ts';
import { PLATFORM_NEEDS } from './os-packages.ts';
import type { OsNeed } from './os-packages.ts';
import { platformFrom } from './platform.ts';
import type { Platform } from './platform.ts';
import { ensureSecrets, readSecrets } from './secrets.ts';
import type { Secrets } from './secrets.ts';

export interface Context {
  dirs: Layout;
  secrets: Secrets;
  platform: Platform;
}

/** `create`: make .run/ and generate missing secrets (up, test); otherwise only read them. */
export function context(options: { create: boolean }, env: NodeJS.ProcessEnv = process.env): Context {
  const dirs = layout(env.TP_RUN_DIR || undefined);
  if (options.create) ensureLayout(dirs);
  const secrets = options.create ? ensureSecrets(dirs.secretsFile) : readSecrets(dirs.secretsFile);
  return { dirs, secrets, platform: platformFrom(env, secrets, dirs) };
}

/** The fleet for down and status, which must work before any secret is generated. */
export function fleetForInspection(p: Platform): ServiceSpec[] {
  const lenient = (name: string): string => {
    try {
      return p.secret(name);
    } catch {
      return '';
    }
  };
  return fleet({ ...p, secret: lenient });
}

export function osNeeds(services: ServiceSpec[]): OsNeed[] {
  return [...PLATFORM_NEEDS, ...services.flatMap((s) => s.osNeeds ?? [])];
}

export function logger(prefix: string): (line: string) => void {
  return (line) => console.log(`${prefix}: ${line}`);
}

/** Runs a command's main, turning a thrown error into a short message and exit code 1. */
// biome-ignore lint/suspicious/noConfusingVoidType: bodies that finish without a status return nothing
export function main(name: string, body: () => Promise<number | void>): void {
  body().then(
    (code) => process.exit(code ?? 0),
    (err: unknown) => {
      console.error(`\n${name} failed: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    },
  );
}
