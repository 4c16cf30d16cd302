import { Transform } from 'node:stream';
import type { TransformCallback } from 'node:stream';

const CRLF = Buffer.from('\r\n');

/**
 * Decodes an unsigned `aws-chunked` body (x-amz-content-sha256: STREAMING-UNSIGNED-PAYLOAD-TRAILER),
 * which AWS SDK v3 sends for streamed uploads when flexible checksums are on (its default):
 * `<hex size>\r\n<bytes>\r\n` … `0\r\n<trailer lines>\r\n\r\n`. The trailing checksum is not verified.
 */
export class UnsignedChunkedDecoder extends Transform {
  #state: 'size' | 'data' | 'data-end' | 'trailer' | 'done' = 'size';
  #pending: Buffer = Buffer.alloc(0);
  #remaining = 0;
  #decoded = 0;
  readonly #expectedLength: number | undefined;
  readonly #incomplete: (message: string) => Error;

  /** `incomplete` builds the error for a malformed or short body (s3rver's IncompleteBody). */
  constructor(expectedLength?: number, incomplete: (message: string) => Error = (message) => new Error(message)) {
    super();
    this.#expectedLength = expectedLength !== undefined && Number.isFinite(expectedLength) ? expectedLength : undefined;
    this.#incomplete = incomplete;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.#pending = this.#pending.length ? Buffer.concat([this.#pending, chunk]) : chunk;
    try {
      this.#drain();
      callback();
    } catch (err) {
      callback(err as Error);
    }
  }

  override _flush(callback: TransformCallback): void {
    if (this.#state !== 'done') callback(this.#incomplete('The request body terminated unexpectedly'));
    else if (this.#expectedLength !== undefined && this.#decoded !== this.#expectedLength) {
      callback(
        this.#incomplete(`Decoded ${this.#decoded} bytes, X-Amz-Decoded-Content-Length says ${this.#expectedLength}`),
      );
    } else callback();
  }

  #line(): string | undefined {
    const end = this.#pending.indexOf(CRLF);
    if (end < 0) return undefined;
    const line = this.#pending.subarray(0, end).toString('latin1');
    this.#pending = this.#pending.subarray(end + CRLF.length);
    return line;
  }

  #drain(): void {
    for (;;) {
      if (this.#state === 'size') {
        const line = this.#line();
        if (line === undefined) return;
        const size = Number.parseInt(line.split(';')[0]!, 16);
        if (!Number.isInteger(size) || size < 0) throw this.#incomplete(`Bad chunk size "${line}"`);
        this.#remaining = size;
        this.#state = size === 0 ? 'trailer' : 'data';
      } else if (this.#state === 'data') {
        if (!this.#pending.length) return;
        const take = Math.min(this.#remaining, this.#pending.length);
        this.push(this.#pending.subarray(0, take));
        this.#pending = this.#pending.subarray(take);
        this.#remaining -= take;
        this.#decoded += take;
        if (this.#remaining === 0) this.#state = 'data-end';
      } else if (this.#state === 'data-end') {
        if (this.#pending.length < CRLF.length) return;
        if (!this.#pending.subarray(0, CRLF.length).equals(CRLF))
          throw this.#incomplete('A chunk is not followed by CRLF');
        this.#pending = this.#pending.subarray(CRLF.length);
        this.#state = 'size';
      } else if (this.#state === 'trailer') {
        const line = this.#line();
        if (line === undefined) return;
        if (line === '') this.#state = 'done';
      } else {
        this.#pending = Buffer.alloc(0);
        return;
      }
    }
  }
}
