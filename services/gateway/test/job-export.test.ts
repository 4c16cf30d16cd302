import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Validator } from '@seriousme/openapi-schema-validator';
import { AppError } from '@tp/errors';
import { ExportJobResponse, type ExportJobRequest } from '@tp/proto';
import { exampleTranscript } from '@tp/transcript';
import { assertValidation, startTestGateway, type TestGateway } from './support.ts';

/** The export options of GET /jobs/{job_id}/export and POST /format: which text (source or translation). */

let gateway: TestGateway;

before(async () => {
  gateway = await startTestGateway();
});
beforeEach(() =>
  gateway.backends.use({
    jobs: {
      exportJob: async () =>
        ExportJobResponse.fromPartial({ content: 'Hola.', contentType: 'text/plain', fileName: 'interview.txt' }),
    },
  }),
);
after(() => gateway.stop());

const exportOf = (query: string) =>
  gateway.call('GET', `/api/v1/jobs/job_1/export?${query}`, { token: gateway.backends.pat(['jobs:read']) });
const lastExport = () => gateway.backends.received('jobs', 'exportJob').at(-1) as ExportJobRequest;
const exportCount = () => gateway.backends.received('jobs', 'exportJob').length;

describe('GET /api/v1/jobs/{job_id}/export: text', () => {
  it('asks jobs for the source text by default and for the translation with text=translation', async () => {
    assert.equal((await exportOf('format=srt')).status, 200);
    assert.equal(lastExport().text, 'source');
    const res = await exportOf('format=srt&text=translation&include_speakers=false');
    assert.equal(res.status, 200, res.text);
    assert.equal(res.text, 'Hola.');
    assert.equal(lastExport().text, 'translation');
    assert.equal(lastExport().includeSpeakers, false);
  });

  it('refuses an unknown text and karaoke of a translation with a 422, without calling jobs', async () => {
    const before = exportCount();
    assertValidation(await exportOf('text=german'), [
      { loc: ['query', 'text'], msg: 'Input should be "source" or "translation"', type: 'enum' },
    ]);
    for (const format of ['srt', 'vtt'])
      assertValidation(await exportOf(`format=${format}&text=translation&highlight_words=true`), [
        {
          loc: ['query', 'highlight_words'],
          msg: 'highlight_words cannot be combined with text=translation: a translation has no word timings',
          type: 'value_error',
        },
      ]);
    assert.equal(exportCount(), before);
    // Karaoke does not apply to text and json: nothing to refuse.
    assert.equal((await exportOf('format=json&text=translation&highlight_words=true')).status, 200);
  });

  it('refuses an unknown format and a line width under the least, each at its query parameter, without calling jobs', async () => {
    const before = exportCount();
    const res = await exportOf('format=docx&max_chars_per_entry=3');
    assert.equal(res.status, 422, res.text);
    assert.deepEqual(res.body.detail.map((d: { loc: string[] }) => d.loc.join('.')).sort(), [
      'query.format',
      'query.max_chars_per_entry',
    ]);
    assert.equal(exportCount(), before);
  });

  it('answers a transcript without a translation (found by jobs) as a 422 naming the query parameter', async () => {
    const message = 'text translation needs a transcript with a translation; this one has none';
    gateway.backends.use({
      jobs: {
        exportJob: async () => {
          throw new AppError('validation_error', message, { option: 'text' });
        },
      },
    });
    assertValidation(await exportOf('format=text&text=translation'), [
      { loc: ['query', 'text'], msg: message, type: 'value_error' },
    ]);
  });
});

describe('POST /api/v1/format: text', () => {
  const format = (body: Record<string, unknown>) => gateway.call('POST', '/api/v1/format', { body });

  it('converts the translation', async () => {
    const res = await format({ transcript: exampleTranscript(), format: 'text', text: 'translation' });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.text, 'Ada: Hola.\n\nSpeaker 2: ¡Hola!\n');
  });

  it('refuses the translation of a transcript without one, and karaoke of a translation', async () => {
    const transcript = { ...exampleTranscript(), translation: null };
    assertValidation(await format({ transcript, format: 'text', text: 'translation' }), [
      {
        loc: ['body', 'text'],
        msg: 'text=translation needs a transcript with a translation; this one has none',
        type: 'value_error',
      },
    ]);
    const karaoke = { transcript: exampleTranscript(), format: 'vtt', text: 'translation', highlight_words: true };
    assert.equal((await format(karaoke)).status, 422);
  });
});

describe('/openapi.json: text', () => {
  it('documents the parameter of the export and the field of POST /format, and stays a valid document', async () => {
    const res = await fetch(`${gateway.service.url}/openapi.json`);
    const document: any = await res.json();
    const result = await new Validator().validate(document);
    assert.equal(result.valid, true, JSON.stringify(result.errors));
    const parameters = document.paths['/api/v1/jobs/{job_id}/export'].get.parameters as {
      name: string;
      in: string;
      description?: string;
      schema: { enum?: string[]; default?: string };
    }[];
    const text = parameters.find((p) => p.name === 'text' && p.in === 'query');
    assert.deepEqual(text?.schema.enum, ['source', 'translation']);
    assert.equal(text?.schema.default, 'source');
    assert.match(text?.description ?? '', /translation/);
    assert.match(JSON.stringify(document.components.schemas.FormatRequest.properties.text), /translation/);
    const answers = document.paths['/api/v1/jobs/{job_id}/export'].get.responses['200'].content;
    assert.ok(answers['application/x-subrip'] && answers['text/vtt'], Object.keys(answers).join(', '));
  });
});
