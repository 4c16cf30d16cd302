// The decoder host: a child process that loads libpocketsphinx's model once, then decodes one
// window after another from its stdin (host-protocol.ts), until stdin closes. Started by
// DecoderHost; `node host-main.ts MODEL_DIR MAX_HMM_PER_FRAME MAX_WORDS_PER_FRAME`.
import { PocketsphinxDecoder } from './library.ts';
import { RequestReader } from '../host/protocol.ts';
import type { HostMessage } from './host-protocol.ts';

const send = (message: HostMessage) => process.stdout.write(`${JSON.stringify(message)}\n`);

let decoder: PocketsphinxDecoder;
try {
  const [modelDir = '', maxHmmPerFrame, maxWordsPerFrame] = process.argv.slice(2);
  decoder = new PocketsphinxDecoder(modelDir, {
    maxHmmPerFrame: Number(maxHmmPerFrame),
    maxWordsPerFrame: Number(maxWordsPerFrame),
  });
} catch (err) {
  send({ type: 'error', message: (err as Error).message });
  process.exit(1);
}
send({ type: 'ready' });

const reader = new RequestReader((pcm) => {
  // Copied into its own buffer, 2-byte aligned as an Int16Array needs; an odd last byte cannot be a
  // sample and is dropped, as the command-line tool does.
  const samples = new Int16Array(Math.floor(pcm.byteLength / 2));
  Buffer.from(samples.buffer).set(pcm.subarray(0, samples.byteLength));
  try {
    send({ type: 'result', segments: decoder.decode(samples) });
  } catch (err) {
    send({ type: 'error', message: (err as Error).message });
  }
});
process.stdin.on('data', (data: Buffer) => reader.push(data));
// The parent is gone (or done with this host): nothing more will come.
process.stdin.on('end', () => process.exit(0));
