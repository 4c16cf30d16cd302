import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { tempDir, type TempDir } from '../temp-files.ts';
import { writeRandomWhisperModel } from './ggml-file.ts';
import { LAYOUTS } from './layouts.ts';

/** Reads a legacy ggml whisper file back: its hyper-parameters, vocab size and tensors. */
function readModel(file: Buffer) {
  let at = 0;
  const i32 = () => {
    const value = file.readInt32LE(at);
    at += 4;
    return value;
  };
  const magic = file.readUInt32LE(0);
  at = 4;
  const hparams = Array.from({ length: 11 }, i32);
  const [nMel, nFft] = [i32(), i32()];
  at += nMel * nFft * 4;
  const nTokens = i32();
  const tokens: string[] = [];
  for (let i = 0; i < nTokens; i += 1) {
    const length = file.readUInt32LE(at);
    tokens.push(file.subarray(at + 4, at + 4 + length).toString('utf8'));
    at += 4 + length;
  }
  const tensors: { name: string; type: number; ne: number[] }[] = [];
  while (at < file.length) {
    const [dims, nameLength, type] = [i32(), i32(), i32()];
    const ne = Array.from({ length: dims }, i32);
    const name = file.subarray(at, at + nameLength).toString('utf8');
    at += nameLength + ne.reduce((a, b) => a * b, 1) * (type === 1 ? 2 : 4);
    tensors.push({ name, type, ne });
  }
  return { magic, hparams, nMel, nFft, tokens, tensors, end: at };
}

describe('random-weight whisper models', () => {
  let dir: TempDir;
  before(async () => {
    dir = await tempDir('tp-whisper-model-');
  });
  after(() => dir.remove());

  it("writes tiny.en in whisper.cpp's layout: header, mel filters, vocab with a blank, every tensor", async () => {
    const path = join(dir.path, 'tiny.en.bin');
    await writeRandomWhisperModel(path, 'tiny.en');
    const model = readModel(await readFile(path));
    const tiny = LAYOUTS['tiny.en'];
    assert.equal(model.magic, 0x67676d6c);
    assert.deepEqual(model.hparams, [51864, 1500, 384, 6, 4, 448, 384, 6, 4, 80, 1]);
    assert.equal(tiny.nAudioLayer, 4);
    assert.deepEqual([model.nMel, model.nFft], [80, 201]);
    assert.equal(model.tokens.length, 50256);
    assert.ok(model.tokens.includes(' '), 'whisper.cpp looks up the blank token');
    assert.equal(model.tensors.length, 167);
    assert.equal(new Set(model.tensors.map((t) => t.name)).size, 167);
    const byName = new Map(model.tensors.map((t) => [t.name, t]));
    assert.deepEqual(byName.get('decoder.token_embedding.weight'), {
      name: 'decoder.token_embedding.weight',
      type: 1,
      ne: [384, 51864],
    });
    assert.deepEqual(byName.get('encoder.positional_embedding')?.ne, [384, 1500]);
    assert.equal(byName.get('encoder.blocks.3.attn.key.bias'), undefined, 'whisper has no key bias');
    // Each tensor's bytes are exactly its shape's (f16 for the matrices): the reader ends at the file's end.
    assert.equal(byName.get('encoder.blocks.0.mlp.0.weight')?.type, 1);
    assert.equal(byName.get('encoder.blocks.0.mlp.0.bias')?.type, 0);
    assert.equal(model.end, (await readFile(path)).length);
  });

  it('is the same file for a seed, and another for another seed', async () => {
    const sha = async (seed: number) => {
      const path = join(dir.path, `seed-${seed}.bin`);
      await writeRandomWhisperModel(path, 'tiny.en', seed);
      return createHash('sha256')
        .update(await readFile(path))
        .digest('hex');
    };
    const first = await sha(1);
    assert.equal(await sha(1), first);
    assert.notEqual(await sha(2), first);
  });
});
