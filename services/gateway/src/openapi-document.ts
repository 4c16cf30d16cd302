// Prints the OpenAPI document the gateway serves at /openapi.json, built without backends, for
// the SDK's generation (tools/dev/generate.ts runs it as a process: tools may not import a service).
import { createLogger } from '@tp/logging';
import type { GatewayClients } from './clients.ts';
import { buildOpenApiDocument } from './http/openapi.ts';
import { TRANSCRIPT_SCHEMA_PATH } from './routes/artifacts/schemas.ts';
import { allRoutes } from './routes/index.ts';
import { API_VERSION } from './service.ts';

// Building the routes never calls a backend; the server URL is the default of PUBLIC_BASE_URL.
const routes = allRoutes({} as GatewayClients, createLogger({ service: 'openapi-document', level: 'silent' }));
const document = buildOpenApiDocument(routes, {
  version: API_VERSION,
  serverUrl: 'http://localhost:8080',
  transcriptSchemaPath: TRANSCRIPT_SCHEMA_PATH,
});
process.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
