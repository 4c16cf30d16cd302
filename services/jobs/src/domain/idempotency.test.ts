import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseCaptionBurnOptions } from '@tp/captions';
import { DEFAULT_TRANSLATION_PAIRS } from '@tp/catalog';
import { requestHash } from '@tp/idempotency';
import type { JobOptions } from '@tp/job-options';
import { acceptCreation, type CreationRequest } from './creation.ts';
import { createRequestHash, type CreateRequestFacts } from './idempotency.ts';

const request: CreateRequestFacts = {
  type: 'transcription',
  mediaIds: ['med_1'],
  batch: false,
  profile: 'oracle',
  options: { language: 'auto', diarization: null, target_language: null },
  workspaceId: null,
};

describe('idempotency', () => {
  it('hashes the same request the same, whatever the key order of its options', () => {
    const reordered = { ...request, options: { target_language: null, diarization: null, language: 'auto' } };
    assert.equal(createRequestHash(request), createRequestHash(reordered));
    assert.match(createRequestHash(request), /^[0-9a-f]{64}$/);
    assert.equal(
      createRequestHash({ ...request, webhookId: null }),
      createRequestHash(request),
      'no webhook: as before',
    );
  });

  it('hashes every difference differently', () => {
    const base = createRequestHash(request);
    const variants: Partial<CreateRequestFacts>[] = [
      { type: 'caption_burn' },
      { mediaIds: ['med_2'] },
      { mediaIds: ['med_1', 'med_2'], batch: true },
      { batch: true },
      { profile: 'base' },
      { options: { ...request.options, language: 'en' } },
      { workspaceId: 'wsp_1' },
      { webhookId: 'whs_01jdq2v3w4x5y6z7a8b9c0d1e2' },
    ];
    for (const variant of variants)
      assert.notEqual(createRequestHash({ ...request, ...variant }), base, JSON.stringify(variant));
  });
});

/**
 * What the previous releases hashed: the options object parsed from the JSON text the gateway sent
 * (a caption burn's block with every default filled in), under the release's field names.
 */
function releasedHash(type: string, json: string): string {
  const options = JSON.parse(json) as Record<string, unknown>;
  if (type === 'caption_burn') options.caption_burn = parseCaptionBurnOptions(options.caption_burn ?? null);
  return requestHash({ type, media_ids: ['med_1'], batch: false, profile: 'oracle', options, workspace_id: null });
}

const NULL = 'NULL_VALUE' as const;

/** POST /api/v1/jobs with no options: the gateway's schema fills every one in. */
const API_DEFAULTS_JSON =
  '{"language":"auto","target_language":null,"diarization":null,"channel_speaker_separation":false,"caption_burn":null}';
const API_DEFAULTS: JobOptions = {
  language: 'auto',
  targetLanguageNull: NULL,
  diarizationNull: NULL,
  channelSpeakerSeparation: false,
  captionBurnNull: NULL,
};

/** Option sets as each interface sends them: the JSON text of before, the message of now. */
const SENT: [type: string, json: string, message: JobOptions][] = [
  // POST /api/v1/jobs: the gateway's schema fills every option in.
  ['transcription', API_DEFAULTS_JSON, API_DEFAULTS],
  [
    'transcription',
    '{"language":"en","target_language":"es","diarization":{"mode":"regular","num_speakers":null,"auto_speaker_names":true},"channel_speaker_separation":false,"caption_burn":null}',
    {
      language: 'en',
      targetLanguage: 'es',
      diarization: { mode: 'regular', numSpeakersNull: NULL, autoSpeakerNames: true },
      channelSpeakerSeparation: false,
      captionBurnNull: NULL,
    },
  ],
  ['caption_burn', API_DEFAULTS_JSON, API_DEFAULTS],
  [
    'caption_burn',
    '{"language":"auto","caption_burn":{"font_size":30,"primary_color":"#ff0000","background_color":null,"transcript_artifact_id":"art_1"}}',
    {
      language: 'auto',
      captionBurn: {
        fontSize: 30,
        primaryColor: '#ff0000',
        backgroundColorNull: NULL,
        transcriptArtifactId: 'art_1',
      },
    },
  ],
  // POST /transcribe: what the body asked for, and its output format.
  ['transcription', '{"language":"en","output_format":"json"}', { language: 'en', outputFormat: 'json' }],
  [
    'transcription',
    '{"language":"auto","target_language":"es","diarization":{},"output_format":"srt"}',
    { language: 'auto', targetLanguage: 'es', diarization: {}, outputFormat: 'srt' },
  ],
  [
    'transcription',
    '{"language":"auto","channel_speaker_separation":true,"output_format":"txt"}',
    { language: 'auto', channelSpeakerSeparation: true, outputFormat: 'txt' },
  ],
];

describe('an Idempotency-Key stored by the previous release', () => {
  const limits = {
    engines: new Set(['pocketsphinx'] as const),
    translations: DEFAULT_TRANSLATION_PAIRS,
    maxBatchItems: 50,
  };
  const creation = (type: string, options: JobOptions): CreationRequest => ({
    userId: 'usr_1',
    workspaceId: '',
    type,
    mediaIds: ['med_1'],
    batch: false,
    profile: 'oracle',
    options,
    idempotencyKey: 'key-1',
    features: [],
    webhookId: '',
    requestFingerprint: '',
    executionMode: 'cloud',
  });

  it('replays: the typed options hash byte for byte as their JSON text did', () => {
    for (const [type, json, message] of SENT) {
      const accepted = acceptCreation(creation(type, message), limits);
      assert.equal(accepted.idempotency?.requestHash, releasedHash(type, json), `${type} ${json}`);
    }
  });

  it('tells a null from a key left out, as the JSON text did', () => {
    const left = acceptCreation(creation('transcription', { language: 'auto' }), limits).idempotency?.requestHash;
    const nulled = acceptCreation(creation('transcription', { language: 'auto', targetLanguageNull: NULL }), limits);
    assert.equal(left, releasedHash('transcription', '{"language":"auto"}'));
    assert.notEqual(nulled.idempotency?.requestHash, left);
  });
});
