import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseJobOptions } from './job-options.ts';

describe('parseJobOptions', () => {
  it('reads the language', () => {
    assert.deepEqual(parseJobOptions('{"language":"en","diarization":null}'), { language: 'en' });
    assert.deepEqual(parseJobOptions('{"language":"auto"}'), { language: 'auto' });
    assert.deepEqual(parseJobOptions('{"language":"pt-BR"}'), { language: 'pt-BR' });
  });

  it('falls back to auto for missing or malformed options', () => {
    for (const raw of ['', '{}', 'not json', '[]', 'null', '{"language":42}', '{"language":"EN GLISH"}'])
      assert.deepEqual(parseJobOptions(raw), { language: 'auto' }, raw);
  });
});
