import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { MigrationError } from './errors.ts';
import { schemaFileOf } from './migrations-dir.ts';

/**
 * `prisma generate` for one service, offline: the CLI wants a schema engine binary on disk before
 * any command, and generating the client never runs it, so any existing executable will do.
 */
/** @returns prisma's summary line (what it generated, where) */
export async function prismaGenerate(serviceDir: string): Promise<string> {
  if (!existsSync(schemaFileOf(serviceDir)))
    throw new MigrationError('invalid_input', `no Prisma schema at ${schemaFileOf(serviceDir)}`);
  const prismaCli = createRequire(import.meta.url).resolve('prisma/build/index.js');
  const child = spawn(process.execPath, [prismaCli, 'generate', '--schema', schemaFileOf(serviceDir)], {
    cwd: serviceDir, // picks up the service's prisma.config.ts
    env: {
      ...process.env,
      PRISMA_SCHEMA_ENGINE_BINARY: '/bin/true',
      CHECKPOINT_DISABLE: '1',
      PRISMA_HIDE_UPDATE_MESSAGE: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  if (code !== 0) throw new MigrationError('invalid_schema', `prisma generate failed (exit ${code}):\n${log.trim()}`);
  return (
    log
      .split('\n')
      .find((line) => line.includes('Generated Prisma Client'))
      ?.trim() ?? log.trim()
  );
}
