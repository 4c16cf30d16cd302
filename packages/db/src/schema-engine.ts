// Drives Prisma's schema engine compiled to WebAssembly (the same engine `prisma migrate` runs
// natively) through @prisma/adapter-pg, because the native engine binary cannot be downloaded here.
// See docs/adr/0002-offline-prisma-migrations.md.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import * as glue from '@prisma/schema-engine-wasm/schema_engine_bg';
import type { SchemaEngine } from '@prisma/schema-engine-wasm';
import pg from 'pg';
import { pgConfigFor } from './database-url.ts';
import { fromEngineError } from './errors.ts';

export type { SchemaEngine };

export const NO_FILTERS = { externalTables: [], externalEnums: [] };

let engineClass: typeof glue.SchemaEngine | undefined;

// The repository's `lib` has no DOM, so no WebAssembly typings; this is the part used here.
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: Record<string, unknown>) => { exports: Record<string, unknown> };
}
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

// wasm-bindgen keeps module-level state in its glue: instantiate the module once per process.
function loadEngineClass(): typeof glue.SchemaEngine {
  if (engineClass !== undefined) return engineClass;
  const require = createRequire(import.meta.url);
  const wasmFile = path.join(
    path.dirname(require.resolve('@prisma/schema-engine-wasm/schema_engine_bg')),
    'schema_engine_bg.wasm',
  );
  const module = new wasm.Module(readFileSync(wasmFile));
  const instance = new wasm.Instance(module, { './schema_engine_bg.js': withTrackedTimers(glue) });
  glue.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  engineClass = glue.SchemaEngine;
  return engineClass;
}

/** The engine's build, for cache keys: a new engine may write different SQL. Does not load the engine. */
export function schemaEngineVersion(): string {
  const glueFile = createRequire(import.meta.url).resolve('@prisma/schema-engine-wasm/schema_engine_bg');
  return (JSON.parse(readFileSync(path.join(path.dirname(glueFile), 'package.json'), 'utf8')) as { version: string })
    .version;
}

// The engine arms timeouts (10 s, 60 s, …) around its database calls and never clears them, which
// keeps a finished CLI process alive that long. Its timers are tracked and cleared once no engine runs.
const engineTimers = new Set<NodeJS.Timeout>();
let runningEngines = 0;

function withTrackedTimers(imports: typeof glue): Record<string, unknown> {
  const patched: Record<string, unknown> = { ...imports };
  for (const name of Object.keys(imports).filter((key) => key.startsWith('__wbg_setTimeout_'))) {
    patched[name] = (callback: () => void, ms: number) => {
      const timer = setTimeout(() => {
        engineTimers.delete(timer);
        callback();
      }, ms >>> 0);
      engineTimers.add(timer);
      return timer;
    };
  }
  return patched;
}

function engineStopped(): void {
  runningEngines -= 1;
  if (runningEngines > 0) return;
  for (const timer of engineTimers) clearTimeout(timer);
  engineTimers.clear();
}

export interface EngineSession {
  engine: SchemaEngine;
  schema: string;
}

/**
 * Runs `work` with a schema engine connected to `databaseUrl` (schema from its `schema` parameter),
 * then frees the engine and closes every connection it opened. Engine errors become MigrationErrors.
 *
 * @param schemaFile - the Prisma schema to load (needed for dev, diff, data-loss checks); deploy needs none
 */
export async function withSchemaEngine<T>(
  input: { databaseUrl: string; schemaFile?: { path: string; content: string } },
  work: (session: EngineSession) => Promise<T>,
): Promise<T> {
  const SchemaEngineClass = loadEngineClass();
  const { config, schema } = pgConfigFor(input.databaseUrl);
  // Our own pool, so the process is not kept alive by idle engine connections after free().
  const pool = new pg.Pool({ ...config, max: 4, allowExitOnIdle: true, application_name: 'tp-db-migrate' });
  pool.on('error', () => {}); // a dropped idle connection surfaces on the next query instead
  const factory = bindMigrationAwareSqlAdapterFactory(new PrismaPg(pool, { schema }));
  let engine: SchemaEngine | undefined;
  runningEngines += 1;
  try {
    const datamodels: [string, string][] | undefined = input.schemaFile
      ? [[input.schemaFile.path, input.schemaFile.content]]
      : undefined;
    engine = await SchemaEngineClass.new({ datamodels }, () => {}, factory);
    return await work({ engine, schema });
  } catch (error) {
    throw fromEngineError(error);
  } finally {
    engine?.free();
    await pool.end();
    engineStopped();
  }
}
