import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tempDir, type TempDir } from '@tp/testing';
import { ffmpeg } from '../test-fixtures.ts';
import { needsSeekableInput } from './seekable-input.ts';

let dir: TempDir;
const at = (name: string) => join(dir.path, name);

before(async () => {
  dir = await tempDir();
  const tone = ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1'];
  await Promise.all([
    ffmpeg(...tone, '-c:a', 'aac', at('late-index.m4a')),
    ffmpeg(...tone, '-c:a', 'aac', '-movflags', '+faststart', at('fast-start.m4a')),
    ffmpeg(...tone, at('tone.wav')),
    ffmpeg(...tone, '-c:a', 'libmp3lame', at('tone.mp3')),
  ]);
});
after(async () => {
  await dir?.remove();
});

describe('needsSeekableInput', () => {
  it('is true only for an ISO media file whose index (moov) follows its data (mdat)', async () => {
    assert.equal(needsSeekableInput(await readFile(at('late-index.m4a'))), true);
    assert.equal(needsSeekableInput(await readFile(at('fast-start.m4a'))), false);
    assert.equal(needsSeekableInput(await readFile(at('tone.wav'))), false);
    assert.equal(needsSeekableInput(await readFile(at('tone.mp3'))), false);
  });

  it('reads 64-bit box sizes and stops at anything that is not a box', () => {
    const box = (type: string, size: number) => {
      const b = Buffer.alloc(8);
      b.writeUInt32BE(size);
      b.write(type, 4, 'latin1');
      return b;
    };
    const large = Buffer.alloc(16);
    large.writeUInt32BE(1);
    large.write('free', 4, 'latin1');
    large.writeBigUInt64BE(24n, 8);
    assert.equal(needsSeekableInput(Buffer.concat([box('ftyp', 8), large, Buffer.alloc(8), box('mdat', 8)])), true);
    assert.equal(needsSeekableInput(Buffer.concat([box('ftyp', 8), box('moov', 8), box('mdat', 8)])), false);
    assert.equal(needsSeekableInput(Buffer.concat([box('ftyp', 4), box('mdat', 8)])), false, 'a size below 8');
    assert.equal(needsSeekableInput(Buffer.from('RIFF....WAVEfmt ')), false);
    assert.equal(needsSeekableInput(Buffer.alloc(3)), false);
  });
});
