import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { exampleTranscript } from '@tp/transcript';
import {
  claimNext,
  codeOf,
  createOne,
  errorOf,
  exportRequest,
  newUser,
  storeTranscript,
  useHarness,
  userWithMedia,
} from './support.ts';

const h = useHarness({ emptyQueueAfterEach: true });

describe('ExportJob', () => {
  it('exports the current transcript (edits included) in every format, named after the media', async () => {
    const { userId, media } = await userWithMedia(h, '10');
    const job = await createOne(h, userId, media[0]!.mediaId);
    assert.equal(await codeOf(h.jobs.exportJob(exportRequest(userId, job.jobId, 'text'))), 'job_not_completed');
    const { job: claimed, ticketId } = await claimNext(h);
    const artifactId = await storeTranscript(h, claimed!);
    await h.jobs.completeJob({ jobId: job.jobId, ticketId, artifactId, billedSeconds: 5, language: 'en' });

    // The user edits the transcript: exports show the edit.
    const edited = exampleTranscript();
    edited.speakers[0]!.name = 'Grace';
    const current = await h.artifacts.getArtifact({ userId, artifactId });
    await h.artifacts.addVersion({
      userId,
      artifactId,
      payloadJson: JSON.stringify(edited),
      baseVersionId: current.currentVersionId,
      authorType: 'user',
      authorId: userId,
      note: '',
      outputKey: '',
      outputFormat: '',
    });

    const expected = {
      text: ['text/plain', 'txt'],
      json: ['application/json', 'json'],
      srt: ['application/x-subrip', 'srt'],
      vtt: ['text/vtt', 'vtt'],
    } as const;
    for (const [format, [type, extension]] of Object.entries(expected)) {
      const file = await h.jobs.exportJob(exportRequest(userId, job.jobId, format));
      assert.ok(file.contentType.startsWith(type), `${format}: ${file.contentType}`);
      assert.equal(file.fileName, `take-1.${extension}`);
      assert.ok(file.content.length > 0);
      assert.match(file.content, /Grace/, format);
      assert.doesNotMatch(file.content, /Ada/, format);
    }
    const json = JSON.parse((await h.jobs.exportJob(exportRequest(userId, job.jobId, 'json'))).content) as {
      speakers: { name: string }[];
    };
    assert.equal(json.speakers[0]!.name, 'Grace');
    assert.match((await h.jobs.exportJob(exportRequest(userId, job.jobId, 'vtt'))).content, /^WEBVTT/);
    assert.match((await h.jobs.exportJob(exportRequest(userId, job.jobId, 'srt'))).content, /^1\r?\n00:00:/);
    // The translation (the example has one, in Spanish), speakers included; '' on the wire is the source.
    const translated = await h.jobs.exportJob(exportRequest(userId, job.jobId, 'text', { text: 'translation' }));
    assert.equal(translated.content, 'Grace: Hola.\n\nSpeaker 2: ¡Hola!\n');
    assert.match((await h.jobs.exportJob(exportRequest(userId, job.jobId, 'text', { text: '' }))).content, /Hello/);
    const unknownText = await errorOf(h.jobs.exportJob(exportRequest(userId, job.jobId, 'text', { text: 'german' })));
    assert.equal(unknownText.code, 'validation_error');
    assert.equal(unknownText.details.option, 'text');

    assert.equal(await codeOf(h.jobs.exportJob(exportRequest(userId, job.jobId, 'docx'))), 'validation_error');
    const narrow = await errorOf(h.jobs.exportJob(exportRequest(userId, job.jobId, 'srt', { maxCharsPerEntry: 5 })));
    assert.equal(narrow.code, 'validation_error');
    assert.equal(narrow.details.option, 'max_chars_per_entry');
    assert.equal(
      await codeOf(h.jobs.exportJob(exportRequest(userId, job.jobId, 'srt', { highlightColor: 'not-a-colour' }))),
      'validation_error',
    );
    assert.equal(await codeOf(h.jobs.exportJob(exportRequest(await newUser(h, '0'), job.jobId, 'json'))), 'not_found');
  });
});

describe('ListJobs', () => {
  it('lists top-level jobs newest first, filtered, in pages', async () => {
    const { userId, media } = await userWithMedia(h, '10', 3);
    const jobs = [];
    for (const m of media) jobs.push(await createOne(h, userId, m.mediaId));
    await h.jobs.cancelJob({ userId, jobId: jobs[1]!.jobId });
    const list = (o: object = {}) =>
      h.jobs.listJobs({ userId, limit: 0, status: '', type: '', workspaceId: '', cursor: '', ...o });
    assert.deepEqual(
      (await list()).jobs.map((j) => j.jobId),
      jobs.map((j) => j.jobId).reverse(),
    );
    assert.deepEqual(
      (await list({ status: 'cancelled' })).jobs.map((j) => j.jobId),
      [jobs[1]!.jobId],
    );
    assert.equal((await list({ type: 'caption_burn' })).jobs.length, 0);
    assert.equal((await list({ workspaceId: 'wsp_other' })).jobs.length, 0);
    const first = await list({ limit: 2 });
    assert.equal(first.jobs.length, 2);
    assert.notEqual(first.nextCursor, '');
    const second = await list({ limit: 2, cursor: first.nextCursor });
    assert.deepEqual(
      second.jobs.map((j) => j.jobId),
      [jobs[0]!.jobId],
    );
    assert.equal(second.nextCursor, '');
    assert.equal(await codeOf(list({ status: 'done' })), 'validation_error');
    assert.equal(await codeOf(list({ limit: 500 })), 'bad_request');
  });
});
