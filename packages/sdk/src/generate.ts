// The SDK's contract, generated: the gateway's OpenAPI document (openapi.json) and its types
// (src/generated/schema.ts). Both are committed so a change of the API shows as a diff; `make
// generate` rewrites them and contract.test.ts fails while they are stale.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const sdkRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = join(sdkRoot, '../..');

export const CONTRACT_FILES = {
  document: join(sdkRoot, 'openapi.json'),
  schema: join(sdkRoot, 'src/generated/schema.ts'),
  operations: join(sdkRoot, 'src/generated/operations.ts'),
};

export type Contract = Record<keyof typeof CONTRACT_FILES, string>;

const HEADER = '// Generated from openapi.json by packages/sdk/src/generate.ts (make generate); do not edit.\n';

interface Operation {
  parameters?: { in: string; name: string }[];
  responses: Record<string, { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }>;
}

/** The document as the gateway builds it, from a process of its own (a package never imports a service). */
function gatewayDocument(): string {
  return execFileSync(process.execPath, [join(repoRoot, 'services/gateway/src/openapi-document.ts')], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
}

async function typesOf(document: string): Promise<string> {
  // A property with a default is optional to send: the request types must not require it.
  const ast = await openapiTS(JSON.parse(document), { alphabetize: true, defaultNonNullable: false });
  return HEADER + astToString(ast);
}

/** What the client needs to know at run time of each operation (`METHOD path`), the types carrying the rest. */
function operationsOf(document: string): string {
  const paths = (JSON.parse(document) as { paths: Record<string, Record<string, Operation>> }).paths;
  const operations = Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
  );
  const enveloped = operations.filter(({ op }) =>
    Object.entries(op.responses).some(
      ([status, r]) => status.startsWith('2') && r.content?.['application/json']?.schema.properties?.data,
    ),
  );
  const keyed = operations.filter(({ op }) =>
    op.parameters?.some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key'),
  );
  const list = (ops: typeof operations) => ops.map(({ key }) => `  '${key}',\n`).join('');
  return (
    `${HEADER}\n/** Operations whose success body is the \`{ data }\` envelope, which the client unwraps. */\n` +
    `export const ENVELOPED: ReadonlySet<string> = new Set([\n${list(enveloped)}]);\n\n` +
    '/** Operations that declare an Idempotency-Key header: the client sends one, so it may retry them. */\n' +
    `export const IDEMPOTENCY_KEYED: ReadonlySet<string> = new Set([\n${list(keyed)}]);\n`
  );
}

export async function buildContract(): Promise<Contract> {
  const document = gatewayDocument();
  return { document, schema: await typesOf(document), operations: operationsOf(document) };
}

export function readContract(): Contract {
  return {
    document: readFileSync(CONTRACT_FILES.document, 'utf8'),
    schema: readFileSync(CONTRACT_FILES.schema, 'utf8'),
    operations: readFileSync(CONTRACT_FILES.operations, 'utf8'),
  };
}

/** Rewrites the files; the types only when the document changed (they take most of the time, in every make test). */
async function writeContract(): Promise<void> {
  const document = gatewayDocument();
  const complete = Object.values(CONTRACT_FILES).every((file) => existsSync(file));
  if (complete && readContract().document === document) return;
  writeFileSync(CONTRACT_FILES.document, document);
  writeFileSync(CONTRACT_FILES.schema, await typesOf(document));
  writeFileSync(CONTRACT_FILES.operations, operationsOf(document));
}

if (import.meta.main) await writeContract();
