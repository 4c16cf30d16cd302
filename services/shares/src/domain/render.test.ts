import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  canonicalTranscript,
  exampleTranscript,
  exportTranscript,
  validateTranscript,
  type Transcript,
} from '@tp/transcript';
import { PAGE_CSP } from './page.ts';
import { displayTitle, FALLBACK_TITLE, HTML_CONTENT_TYPE, publicTranscript, renderShared } from './render.ts';

function example(): Transcript {
  const checked = validateTranscript(exampleTranscript());
  assert.ok(checked.ok);
  return checked.value;
}

const OWNER_IDS = ['med_01JABCDEFGHJKMNPQRSTVWXYZ0', 'job_01JABCDEFGHJKMNPQRSTVWXYZ0'];

describe('rendering a shared transcript', () => {
  it('json: the canonical transcript with the ids of the media and the job blanked', () => {
    const t = example();
    const out = renderShared(t, 'json', 'Weekly call', '/s/x');
    assert.equal(out.contentType, 'application/json; charset=utf-8');
    assert.equal(out.fileName, 'Weekly call.json');
    assert.equal(out.contentSecurityPolicy, '');
    const parsed = JSON.parse(out.content) as Transcript;
    assert.deepEqual(parsed.source, { engine: 'pocketsphinx', job_id: null, media_id: null, profile: 'oracle' });
    assert.equal(out.content, canonicalTranscript({ ...t, source: { ...t.source, media_id: null, job_id: null } }));
    const again = validateTranscript(parsed);
    assert.ok(again.ok, 'still a valid transcript');
    for (const id of OWNER_IDS) assert.ok(!out.content.includes(id));
    assert.equal(t.source.media_id, OWNER_IDS[0], 'the input is not modified');
  });

  for (const [format, extension, contentType] of [
    ['text', 'txt', 'text/plain; charset=utf-8'],
    ['srt', 'srt', 'application/x-subrip; charset=utf-8'],
    ['vtt', 'vtt', 'text/vtt; charset=utf-8'],
  ] as const) {
    it(`${format}: the export converter with its default options`, () => {
      const t = example();
      const out = renderShared(t, format, 'Café: "talk".mp4', '/s/x');
      assert.equal(out.content, exportTranscript(publicTranscript(t), { format }).content);
      assert.equal(out.content, exportTranscript(t, { format }).content, 'these formats never showed the ids anyway');
      assert.equal(out.contentType, contentType);
      assert.equal(out.fileName, `Cafe talk.${extension}`);
      assert.equal(out.contentSecurityPolicy, '');
    });
  }

  it('html: the page, with its CSP and no file name', () => {
    const out = renderShared(example(), 'html', 'Weekly call', '/s/x');
    assert.equal(out.contentType, HTML_CONTENT_TYPE);
    assert.equal(out.fileName, '');
    assert.equal(out.contentSecurityPolicy, PAGE_CSP);
    assert.match(out.content, /<h1>Weekly call<\/h1>/);
    for (const id of OWNER_IDS) assert.ok(!out.content.includes(id));
    assert.doesNotMatch(out.content, /pocketsphinx|oracle/, 'the page shows no provenance at all');
  });

  it('shows the share title, else the artifact title, else a neutral one', () => {
    assert.equal(displayTitle('Mine', 'Artifact'), 'Mine');
    assert.equal(displayTitle('', 'Artifact'), 'Artifact');
    assert.equal(displayTitle('  ', '  '), FALLBACK_TITLE);
  });
});
