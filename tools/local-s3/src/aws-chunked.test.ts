import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { UnsignedChunkedDecoder } from './aws-chunked.ts';

function encode(chunks: string[], trailer = 'x-amz-checksum-crc32:AAAAAA=='): Buffer {
  const body = chunks.map((c) => `${Buffer.byteLength(c).toString(16)}\r\n${c}\r\n`).join('');
  return Buffer.from(`${body}0\r\n${trailer}\r\n\r\n`);
}

/** Feeds `encoded` in pieces of `step` bytes, so every boundary falls everywhere once. */
function decode(encoded: Buffer, step: number, expectedLength?: number): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for (let i = 0; i < encoded.length; i += step) pieces.push(encoded.subarray(i, i + step));
  return buffer(Readable.from(pieces).pipe(new UnsignedChunkedDecoder(expectedLength)));
}

test('decodes chunks and drops the trailer, however the bytes are split', async () => {
  const encoded = encode(['hello ', 'aws-chunked ', 'world']);
  for (const step of [1, 2, 3, 7, encoded.length]) {
    assert.equal((await decode(encoded, step, 23)).toString(), 'hello aws-chunked world', `step ${step}`);
  }
});

test('decodes an empty body', async () => {
  assert.equal((await decode(encode([]), 4, 0)).length, 0);
});

test('refuses a body that ends before the zero chunk', async () => {
  const encoded = encode(['hello']);
  await assert.rejects(decode(encoded.subarray(0, encoded.indexOf('0\r\n')), 5), /terminated unexpectedly/);
});

test('refuses a decoded length other than X-Amz-Decoded-Content-Length', async () => {
  await assert.rejects(decode(encode(['hello']), 64, 6), /Decoded 5 bytes/);
});

test('refuses a bad chunk size and a chunk without its CRLF', async () => {
  await assert.rejects(decode(Buffer.from('zz\r\nhello\r\n0\r\n\r\n'), 64), /Bad chunk size/);
  await assert.rejects(decode(Buffer.from('5\r\nhelloXX0\r\n\r\n'), 64), /not followed by CRLF/);
});

test('builds errors with the given factory', async () => {
  class IncompleteBody extends Error {}
  const decoder = new UnsignedChunkedDecoder(undefined, (message) => new IncompleteBody(message));
  await assert.rejects(buffer(Readable.from([Buffer.from('5\r\nhel')]).pipe(decoder)), IncompleteBody);
});
