import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import {
  TRANSCRIPT_JSON_SCHEMA,
  TRANSCRIPT_RULES,
  TRANSCRIPT_SCHEMA_ID,
  canonicalTranscript,
  emptyTranscript,
  exampleTranscript,
  renderTranscriptJsonSchema,
  validateTranscript,
} from './index.ts';
import { TRANSCRIPT_SCHEMA_FILE } from './json-schema.ts';

const ajv = new Ajv2020({ strict: true, allErrors: true });
const validate = ajv.compile(TRANSCRIPT_JSON_SCHEMA);

describe('TRANSCRIPT_JSON_SCHEMA', () => {
  it('is committed and current (regenerate: node packages/transcript/src/write-schema.ts)', () => {
    // Byte for byte: the file is generated output, which Biome leaves as the generator writes it.
    assert.equal(
      readFileSync(TRANSCRIPT_SCHEMA_FILE, 'utf8'),
      renderTranscriptJsonSchema(),
      'schema/transcript.v1.json is stale; run node packages/transcript/src/write-schema.ts',
    );
  });

  it('is a draft 2020-12 schema with an id, a title and the rules it cannot express', () => {
    assert.equal(TRANSCRIPT_JSON_SCHEMA.$schema, 'https://json-schema.org/draft/2020-12/schema');
    assert.equal(TRANSCRIPT_JSON_SCHEMA.$id, TRANSCRIPT_SCHEMA_ID);
    assert.equal(TRANSCRIPT_JSON_SCHEMA.title, 'Transcript');
    for (const rule of TRANSCRIPT_RULES) assert.ok(String(TRANSCRIPT_JSON_SCHEMA.description).includes(rule), rule);
    assert.equal(TRANSCRIPT_JSON_SCHEMA.additionalProperties, false);
    assert.ok(Object.isFrozen(TRANSCRIPT_JSON_SCHEMA));
  });

  it('accepts the examples (a real JSON Schema validator: ajv, draft 2020-12)', () => {
    const examples = [
      exampleTranscript(),
      emptyTranscript(),
      JSON.parse(canonicalTranscript(exampleTranscript())),
      ...(TRANSCRIPT_JSON_SCHEMA.examples as unknown[]),
    ];
    for (const example of examples) assert.ok(validate(example), JSON.stringify(validate.errors));
  });

  it('rejects what the shape forbids, like the validator does', () => {
    const cases: ((t: any) => void)[] = [
      (t) => (t.extra = 1),
      (t) => delete t.source,
      (t) => (t.version = 2),
      (t) => (t.segments[0].words[0].confidence = 1.5),
      (t) => (t.segments[0].words[0].speaker = 3),
      (t) => (t.segments[0].id = 'has space'),
      (t) => (t.speakers[0].name = ''),
      (t) => (t.translation.segments[0].extra = true),
      (t) => (t.duration = -1),
    ];
    for (const edit of cases) {
      const t: any = exampleTranscript();
      edit(t);
      assert.equal(validate(t), false, edit.toString());
      assert.equal(validateTranscript(t).ok, false, edit.toString());
    }
  });
});
