import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { exampleTranscript } from './examples.ts';
import { TRANSCRIPT_DESCRIPTION, TranscriptSchema } from './schema.ts';

export const TRANSCRIPT_SCHEMA_ID = 'https://schemas.transcription.local/transcript/v1.json';

/** The committed copy; regenerate with `node packages/transcript/src/write-schema.ts`. */
export const TRANSCRIPT_SCHEMA_FILE = fileURLToPath(new URL('../schema/transcript.v1.json', import.meta.url));

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

function buildJsonSchema(): Record<string, unknown> {
  const generated = z.toJSONSchema(TranscriptSchema, { target: 'draft-2020-12', io: 'input' }) as {
    $defs: Record<string, Record<string, unknown>>;
  };
  // zod puts a schema with an id under $defs and points the root at it; publish the Transcript as the root.
  const { Transcript: root, ...defs } = generated.$defs;
  if (!root) throw new Error('z.toJSONSchema did not emit the Transcript definition');
  const { title: _title, description: _description, ...body } = root;
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: TRANSCRIPT_SCHEMA_ID,
    title: 'Transcript',
    description: TRANSCRIPT_DESCRIPTION,
    ...body,
    $defs: Object.fromEntries(Object.entries(defs).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
    examples: [exampleTranscript()],
  };
}

/**
 * The published JSON Schema (draft 2020-12) of the transcript, generated from TranscriptSchema so the two cannot
 * drift. The consistency rules it cannot express are listed in its description.
 */
export const TRANSCRIPT_JSON_SCHEMA: Readonly<Record<string, unknown>> = deepFreeze(buildJsonSchema());

/** The schema as JSON text: what schema/transcript.v1.json holds, before the formatter lays it out. */
export function renderTranscriptJsonSchema(): string {
  return `${JSON.stringify(TRANSCRIPT_JSON_SCHEMA, null, 2)}\n`;
}
