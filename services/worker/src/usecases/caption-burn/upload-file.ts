import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import { pipeline } from 'node:stream/promises';

/**
 * PUTs a file to a presigned URL, streamed from disk with its Content-Length (never held in memory).
 * Rejects on a network error or an answer other than 2xx, naming the status only: the URL carries a
 * signature and never reaches a log or a user.
 */
export async function uploadFile(url: string, path: string, contentType: string): Promise<void> {
  const { size } = await stat(path);
  const target = new URL(url);
  const send = target.protocol === 'https:' ? https.request : http.request;
  await new Promise<void>((resolve, reject) => {
    const request = send(target, {
      method: 'PUT',
      headers: { 'content-type': contentType, 'content-length': String(size) },
    });
    request.on('response', (response) => {
      response.resume();
      const status = response.statusCode ?? 0;
      if (status >= 200 && status < 300) response.on('end', resolve);
      else reject(new Error(`storage answered ${status} to the upload of the output`));
    });
    request.on('error', (err: NodeJS.ErrnoException) =>
      reject(new Error(`the upload of the output failed (${err.code ?? err.name})`)),
    );
    pipeline(createReadStream(path), request).catch((err: unknown) => request.destroy(err as Error));
  });
}
