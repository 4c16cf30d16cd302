import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { outputUpload, safeFileStem } from './output-uploads.ts';

const request = { userId: 'usr_a', jobId: 'job_burn1', fileName: 'talk.mov', format: 'mp4', contentType: 'video/mp4' };

describe('output uploads', () => {
  it('make any file name a safe key stem', () => {
    for (const [fileName, stem] of [
      ['../../etc/passwd', 'passwd'],
      ['C:\\clips\\Café déjà vu.MOV', 'Cafe-deja-vu'],
      ['', 'output'],
      ['...', 'output'],
      ['talk.v2.final.webm', 'talk.v2.final'],
    ] as const)
      assert.equal(safeFileStem(fileName), stem, fileName);
  });

  it('put the file under users/<user>/exports/<job>/, its format and type lower-cased', () => {
    assert.deepEqual(outputUpload({ ...request, format: ' MP4 ', contentType: 'Video/MP4' }), {
      key: 'users/usr_a/exports/job_burn1/talk.mp4',
      contentType: 'video/mp4',
    });
  });

  it('refuse malformed requests with bad_request', () => {
    for (const bad of [
      { jobId: '' },
      { jobId: '../job' },
      { userId: 'usr/../x' },
      { format: '' },
      { format: 'mp4/../x' },
      { contentType: 'video mp4' },
    ])
      assert.throws(() => outputUpload({ ...request, ...bad }), { code: 'bad_request' }, JSON.stringify(bad));
  });
});
