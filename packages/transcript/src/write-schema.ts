// Regenerates the committed JSON Schema: node packages/transcript/src/write-schema.ts
// (or `pnpm --filter @tp/transcript generate:schema`). json-schema.test.ts fails while the copy is stale.
import { writeFileSync } from 'node:fs';
import { TRANSCRIPT_SCHEMA_FILE, renderTranscriptJsonSchema } from './json-schema.ts';

writeFileSync(TRANSCRIPT_SCHEMA_FILE, renderTranscriptJsonSchema());
console.log(`wrote ${TRANSCRIPT_SCHEMA_FILE}`);
