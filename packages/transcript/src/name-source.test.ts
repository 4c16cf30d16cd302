import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Ajv2020 } from 'ajv/dist/2020.js';
import {
  SPEAKER_NAME_SOURCES,
  TRANSCRIPT_JSON_SCHEMA,
  canonicalTranscript,
  exampleTranscript,
  hashTranscript,
  validateTranscript,
} from './index.ts';
import { accepts, rejects } from './example-edits.ts';

const validate = new Ajv2020({ strict: true, allErrors: true }).compile(TRANSCRIPT_JSON_SCHEMA);

/** The example as a transcript stored before `name_source` existed: no speaker has the key. */
function storedBefore() {
  const t = exampleTranscript();
  for (const s of t.speakers) delete s.name_source;
  return t;
}

describe('speaker name_source', () => {
  it('accepts each source with a name, and null or absence with or without one', () => {
    for (const source of SPEAKER_NAME_SOURCES) {
      const value = accepts((t) => (t.speakers[0].name_source = source));
      assert.equal(value.speakers[0]!.name_source, source);
    }
    accepts((t) => (t.speakers[0].name_source = null));
    accepts((t) => delete t.speakers[0].name_source);
    accepts((t) => (t.speakers[1].name_source = null)); // no name, no source
  });

  it('still accepts a transcript stored before the field existed, in the validator and the JSON Schema', () => {
    const t = storedBefore();
    assert.ok(validateTranscript(t).ok);
    assert.ok(validate(t), JSON.stringify(validate.errors));
  });

  it('refuses an unknown source and a source without a name', () => {
    rejects((t) => (t.speakers[0].name_source = 'guess'), ['speakers', 0, 'name_source'], 'enum');
    rejects(
      (t) => (t.speakers[1].name_source = 'addressed'),
      ['speakers', 1, 'name_source'],
      'value_error',
      /needs a name/,
    );
    const t: Record<string, unknown> & { speakers: Record<string, unknown>[] } = JSON.parse(
      JSON.stringify(exampleTranscript()),
    );
    t.speakers[0]!.name_source = 'guess';
    assert.equal(validate(t), false);
  });

  it('keeps the canonical bytes and hash of a transcript stored before it (absent and null write nothing)', () => {
    const before = storedBefore();
    const json = canonicalTranscript(before);
    assert.ok(!json.includes('name_source'), json);
    const withNull = storedBefore();
    for (const s of withNull.speakers) s.name_source = null;
    assert.equal(canonicalTranscript(withNull), json);
    assert.equal(hashTranscript(withNull), hashTranscript(before));
  });

  it('writes a set source in sorted key order, and it changes the hash', () => {
    const json = canonicalTranscript(exampleTranscript());
    assert.ok(json.includes('{"id":"S1","label":"Speaker 1","name":"Ada","name_source":"user"}'), json);
    assert.ok(json.includes('{"id":"S2","label":"Speaker 2","name":null}'), json);
    assert.notEqual(hashTranscript(exampleTranscript()), hashTranscript(storedBefore()));
    assert.deepEqual(JSON.parse(json).speakers, exampleTranscript().speakers);
  });
});
