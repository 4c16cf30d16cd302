import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseFileUrl } from './file-urls.ts';

const PATH_STYLE = 'http://127.0.0.1:9000/media/';
const VHOST = 'https://media.s3.eu-west-1.amazonaws.com/';

describe('file URLs', () => {
  it('name the media of a key under users/<user>/media/<media>/, signed or not', () => {
    const signed = `${PATH_STYLE}users/usr_1/media/med_2/talk.wav?X-Amz-Signature=abc&X-Amz-Expires=60`;
    assert.deepEqual(parseFileUrl(signed, PATH_STYLE), {
      kind: 'ours',
      key: 'users/usr_1/media/med_2/talk.wav',
      userId: 'usr_1',
      mediaId: 'med_2',
    });
    assert.deepEqual(
      parseFileUrl('https://MEDIA.s3.eu-west-1.amazonaws.com:443/users/u/media/m/%C3%A9t%C3%A9.wav', VHOST),
      {
        kind: 'ours',
        key: 'users/u/media/m/été.wav',
        userId: 'u',
        mediaId: 'm',
      },
    );
  });

  it('are ours but name no media for any other key of the bucket', () => {
    for (const path of [
      'users/usr_1/exports/a.srt',
      'users/usr_1/media/med_2/',
      'users/usr_1/media/med_2/a/b.wav',
      'x',
      '%E0%A4%A',
    ]) {
      const target = parseFileUrl(`${PATH_STYLE}${path}`, PATH_STYLE);
      assert.equal(target.kind, 'ours', path);
      assert.equal(target.kind === 'ours' && target.mediaId, null, path);
    }
  });

  it('are foreign on another origin, scheme, port or bucket, or when not URLs', () => {
    for (const raw of [
      'http://127.0.0.1:9001/media/users/u/media/m/a.wav',
      'https://127.0.0.1:9000/media/users/u/media/m/a.wav',
      'http://localhost:9000/media/users/u/media/m/a.wav',
      'http://127.0.0.1:9000/other/users/u/media/m/a.wav',
      'http://127.0.0.1:9000/mediax/users/u/media/m/a.wav',
      'http://127.0.0.1:9000/media',
      'https://example.com/talk.wav',
      'not a url',
    ]) {
      assert.deepEqual(parseFileUrl(raw, PATH_STYLE), { kind: 'foreign' }, raw);
    }
  });
});
