// A whisper decoder host: loads the model once, then answers one request after another on its
// stdin (../host/protocol.ts) until stdin closes. A request is a header (4-byte length, then JSON:
// the language) and the piece's 16 kHz s16le PCM. Started by the whisper engine;
// `node host-main.ts LIBRARY MODEL THREADS cpu|gpu`.
import { RequestReader } from '../host/protocol.ts';
import type { HostReply } from '../host/protocol.ts';
import { WhisperDecoder } from './decoder.ts';

const send = (message: HostReply) => process.stdout.write(`${JSON.stringify(message)}\n`);

let decoder: WhisperDecoder;
try {
  const [library = '', model = '', threads = '1', device = 'cpu'] = process.argv.slice(2);
  decoder = new WhisperDecoder({ library, model, threads: Number(threads), useGpu: device === 'gpu' });
} catch (err) {
  send({ type: 'error', message: (err as Error).message });
  process.exit(1);
}
send({ type: 'ready' });

const reader = new RequestReader((request) => {
  try {
    const headerLength = request.readUInt32LE(0);
    const { language } = JSON.parse(request.subarray(4, 4 + headerLength).toString('utf8')) as { language: string };
    const pcm = request.subarray(4 + headerLength);
    const samples = new Float32Array(Math.floor(pcm.byteLength / 2));
    for (let i = 0; i < samples.length; i += 1) samples[i] = pcm.readInt16LE(2 * i) / 32768;
    send({ type: 'result', tokens: decoder.decode(samples, language) });
  } catch (err) {
    send({ type: 'error', message: (err as Error).message });
  }
});
process.stdin.on('data', (data: Buffer) => reader.push(data));
process.stdin.on('end', () => process.exit(0));
