// The engine hosts' pipe protocol (ADR 0027). Parent → host on stdin: a request is its payload
// (PCM, for some engines after a header) in chunks, each a 4-byte little-endian length then that
// many bytes, ended by a chunk of length 0. Host → parent on stdout: one JSON line when the model is
// loaded, then one JSON line per request, in order.

/** What a host answers: ready once, then a result (the engine's own fields) or an error per request. */
export type HostReply =
  | { type: 'ready' }
  | ({ type: 'result' } & Record<string, unknown>)
  | { type: 'error'; message: string };

/** The bytes of one chunk (its length first); an empty `pcm` ends the request. */
export function chunkFrame(pcm: Uint8Array): Buffer {
  const header = Buffer.alloc(4);
  header.writeUInt32LE(pcm.byteLength, 0);
  return pcm.byteLength === 0 ? header : Buffer.concat([header, pcm]);
}

/** The host's side: collects chunks from whatever stdin gives and hands over each whole request's PCM. */
export class RequestReader {
  #pending: Buffer = Buffer.alloc(0);
  #request: Buffer[] = [];
  readonly #onRequest: (pcm: Buffer) => void;

  constructor(onRequest: (pcm: Buffer) => void) {
    this.#onRequest = onRequest;
  }

  push(data: Buffer): void {
    this.#pending = this.#pending.length === 0 ? data : Buffer.concat([this.#pending, data]);
    for (;;) {
      if (this.#pending.length < 4) return;
      const length = this.#pending.readUInt32LE(0);
      if (this.#pending.length < 4 + length) return;
      const chunk = this.#pending.subarray(4, 4 + length);
      this.#pending = this.#pending.subarray(4 + length);
      if (length > 0) {
        this.#request.push(Buffer.from(chunk));
        continue;
      }
      const pcm = Buffer.concat(this.#request);
      this.#request = [];
      this.#onRequest(pcm);
    }
  }
}
