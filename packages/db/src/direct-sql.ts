import pg from 'pg';
import { pgConfigFor } from './database-url.ts';

/**
 * A statement of a hot read, prepared once per connection under its name (ADR 0025). The text is
 * fixed: values go in as parameters ($1, $2, …), never into the text.
 */
export interface SqlStatement {
  readonly name: string;
  readonly text: string;
}

/**
 * SQL on the service's own pool, beside Prisma, for the few reads where the ORM's per-query cost is
 * most of the request (a job's status, a balance). Only a service's store/ uses it, like Prisma.
 */
export interface DirectSql {
  /**
   * The rows of `statement` for `values`, shaped as Prisma shapes a model's rows: columns as
   * camelCase keys (`queue_rank` → `queueRank`), int8 as bigint, timestamps as Date.
   */
  rows<Row>(statement: SqlStatement, values: readonly unknown[]): Promise<Row[]>;
}

/** Declares a hot read's statement; the name must be unique within the service. */
export function sqlStatement(name: string, text: string): SqlStatement {
  if (!/^[a-z][a-z0-9_]{0,62}$/.test(name))
    throw new TypeError(`statement name must be a short snake_case name: ${name}`);
  return Object.freeze({ name, text });
}

const INT8_OID = 20;
const camelCase = (column: string) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** The keys of a result's columns, computed once per statement (the columns of a statement never change). */
const keysByStatement = new WeakMap<SqlStatement, string[]>();

export function directSql(pool: pg.Pool): DirectSql {
  return {
    async rows<Row>(statement: SqlStatement, values: readonly unknown[]): Promise<Row[]> {
      const result = await pool.query({
        name: statement.name,
        text: statement.text,
        values: values as unknown[],
        rowMode: 'array',
      });
      let keys = keysByStatement.get(statement);
      if (!keys) {
        keys = result.fields.map((field) => camelCase(field.name));
        keysByStatement.set(statement, keys);
      }
      const bigints = result.fields.flatMap((field, i) => (field.dataTypeID === INT8_OID ? [i] : []));
      return (result.rows as unknown[][]).map((row) => {
        for (const i of bigints) if (row[i] !== null) row[i] = BigInt(row[i] as string);
        const record: Record<string, unknown> = {};
        for (let i = 0; i < keys.length; i += 1) record[keys[i]!] = row[i];
        return record as Row;
      });
    },
  };
}

/**
 * The pool of a service's database: its schema on the search path (Prisma's adapter shares it). An
 * idle connection that dies (a database restart, a connection ended by the server while the pool
 * ends) is dropped by the pool and replaced on the next query; its 'error' event is handled here, as
 * Prisma's adapter handles its own pool's, since an unhandled one would end the process.
 */
export function createPgPool(databaseUrl: string, options: Omit<pg.PoolConfig, 'connectionString'> = {}): pg.Pool {
  const { config } = pgConfigFor(databaseUrl);
  const pool = new pg.Pool({ ...config, ...options });
  pool.on('error', () => undefined);
  return pool;
}
