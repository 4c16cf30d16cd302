// Uploads of exact sizes without holding them: a WAV file produced by a generator (a header, then
// silence in 1 MiB chunks) and posted chunked as multipart/form-data, so the gateway can only count
// the bytes as they stream (no Content-Length to judge by).
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { Readable } from 'node:stream';

export const MIB = 1024 * 1024;
const CHUNK = Buffer.alloc(MIB);

/** A 44-byte header of 16 kHz mono 16-bit PCM whose data fills a file of `totalBytes`. */
export function wavHeader(totalBytes: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(totalBytes - 8, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(16_000, 24);
  header.writeUInt32LE(32_000, 28); // bytes per second
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(totalBytes - 44, 40);
  return header;
}

/** A silent WAV file of exactly `totalBytes`, chunk by chunk. */
export async function* silentWav(totalBytes: number): AsyncGenerator<Buffer> {
  yield wavHeader(totalBytes);
  let left = totalBytes - 44;
  while (left > 0) {
    const n = Math.min(left, MIB);
    yield n === MIB ? CHUNK : CHUNK.subarray(0, n);
    left -= n;
  }
}

/** The same file whole, for the small sizes the inline upload takes. */
export function silentWavBytes(totalBytes: number): Buffer {
  const bytes = Buffer.alloc(totalBytes);
  wavHeader(totalBytes).copy(bytes);
  return bytes;
}

export interface StreamedAnswer {
  status: number;
  // Answers are checked field by field.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  text: string;
  /** File bytes written before the answer came (or all of them). */
  sent: number;
}

/**
 * POSTs multipart/form-data with one `file` field whose content comes from `file`, chunked. An
 * early answer (a 413 before the end) is taken as the answer: the gateway may close the
 * connection on the rest, and a write failing after the answer is no error.
 */
export function postMultipartStream(
  url: string,
  token: string,
  file: AsyncIterable<Buffer>,
  fileName: string,
  contentType: string,
): Promise<StreamedAnswer> {
  const boundary = `----tp-e2e-${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  let sent = 0;
  async function* body() {
    yield Buffer.from(head);
    for await (const chunk of file) {
      sent += chunk.length;
      yield chunk;
    }
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = request(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown = null;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = null;
        }
        resolve({ status: res.statusCode ?? 0, body: parsed, text, sent });
      });
      res.on('error', reject);
    });
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    const source = Readable.from(body());
    source.on('error', (err) => req.destroy(err));
    source.pipe(req);
  });
}
