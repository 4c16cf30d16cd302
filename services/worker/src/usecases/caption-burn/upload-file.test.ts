import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { tempDir, type TempDir } from '@tp/testing';
import { uploadFile } from './upload-file.ts';

let dir: TempDir;
let file: string;
let server: Server;
let url: string;
const seen: { method?: string; type?: string; length?: string; body: string }[] = [];
let status = 200;

before(async () => {
  dir = await tempDir();
  file = join(dir.path, 'output.mp4');
  await writeFile(file, 'x'.repeat(70_000));
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const { method, headers } = request;
      seen.push({
        method,
        type: headers['content-type'],
        length: headers['content-length'],
        body: Buffer.concat(chunks).toString(),
      });
      response.writeHead(status).end('denied');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/bucket/key?X-Amz-Signature=secret`;
});
after(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await dir?.remove();
});

describe('uploadFile', () => {
  it('PUTs the file with its type and length', async () => {
    await uploadFile(url, file, 'video/mp4');
    assert.deepEqual(seen.at(-1), { method: 'PUT', type: 'video/mp4', length: '70000', body: 'x'.repeat(70_000) });
  });

  it('rejects an answer other than 2xx, or a connection that fails, naming no URL', async () => {
    status = 403;
    await assert.rejects(uploadFile(url, file, 'video/mp4'), {
      message: 'storage answered 403 to the upload of the output',
    });
    status = 200;
    const closed = `http://127.0.0.1:1/bucket/key?X-Amz-Signature=secret`;
    await assert.rejects(uploadFile(closed, file, 'video/mp4'), {
      message: 'the upload of the output failed (ECONNREFUSED)',
    });
  });
});
