// whisper-models.ts against a loopback HTTP server (127.0.0.1): a file with the published checksum
// lands whole, a wrong one is refused and leaves nothing, unknown names are refused before any fetch.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { fetchWhisperModels, modelFile, parseCommandLine, WHISPER_MODEL_SHA1 } from './whisper-models.ts';

const run = promisify(execFile);
const SCRIPT = fileURLToPath(new URL('./whisper-models.ts', import.meta.url));
/** What the server answers for each file: a few MiB, so the download streams in many chunks. */
const BODY = Buffer.alloc(3 * 2 ** 20 + 17, 7);
const GOOD = { 'tiny.en': createHash('sha1').update(BODY).digest('hex') };

let server: Server;
let baseUrl = '';
const requests: string[] = [];
const dirs: string[] = [];

before(async () => {
  server = createServer((request, response) => {
    requests.push(request.url ?? '');
    if (request.url === '/missing/ggml-tiny.en.bin') {
      response.writeHead(404).end('not found');
      return;
    }
    // Hugging Face answers with a redirect to its CDN: follow it.
    if (request.url?.startsWith('/resolve/')) {
      response.writeHead(302, { location: request.url.replace('/resolve/', '/files/') }).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': BODY.length });
    response.end(BODY);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'whisper-models-test-'));
  dirs.push(dir);
  return dir;
}

const quiet = () => undefined;

test('a file with the expected SHA-1 lands under its ggml name, whole; a second run keeps it without fetching', async () => {
  const dir = folder();
  const paths = await fetchWhisperModels({
    dir,
    models: ['tiny.en'],
    baseUrl: `${baseUrl}/resolve`,
    checksums: GOOD,
    log: quiet,
  });
  assert.deepEqual(paths, [join(dir, 'ggml-tiny.en.bin')]);
  assert.deepEqual(readdirSync(dir), ['ggml-tiny.en.bin'], 'no temporary file left');
  assert.ok(readFileSync(paths[0] ?? '').equals(BODY));
  const before = requests.length;
  const lines: string[] = [];
  await fetchWhisperModels({ dir, models: ['tiny.en'], baseUrl, checksums: GOOD, log: (line) => lines.push(line) });
  assert.equal(requests.length, before, 'nothing fetched');
  assert.match(lines.join('\n'), /already there/);
});

test('a file whose SHA-1 is not the published one is refused and leaves nothing, not even over a good one', async () => {
  const dir = folder();
  // The real table: the server's bytes are not whisper.cpp's tiny.en.
  await assert.rejects(
    fetchWhisperModels({ dir, models: ['tiny.en'], baseUrl, log: quiet }),
    new RegExp(`SHA-1 ${GOOD['tiny.en']} is not the published ${WHISPER_MODEL_SHA1['tiny.en']}; nothing written`),
  );
  assert.deepEqual(readdirSync(dir), []);
  // A corrupt file in place is replaced only by a good one: a bad download leaves it as it was.
  writeFileSync(join(dir, modelFile('tiny.en')), 'truncated');
  await assert.rejects(fetchWhisperModels({ dir, models: ['tiny.en'], baseUrl, log: quiet }), /SHA-1/);
  assert.deepEqual(readdirSync(dir), ['ggml-tiny.en.bin']);
  assert.equal(readFileSync(join(dir, 'ggml-tiny.en.bin'), 'utf8'), 'truncated');
  await fetchWhisperModels({ dir, models: ['tiny.en'], baseUrl, checksums: GOOD, log: quiet });
  assert.ok(readFileSync(join(dir, 'ggml-tiny.en.bin')).equals(BODY));
});

test('an HTTP error leaves nothing', async () => {
  const dir = folder();
  await assert.rejects(
    fetchWhisperModels({ dir, models: ['tiny.en'], baseUrl: `${baseUrl}/missing/`, checksums: GOOD, log: quiet }),
    /answered 404/,
  );
  assert.deepEqual(readdirSync(dir), []);
});

test('an unknown model name is refused before anything is fetched', async () => {
  const dir = folder();
  const before = requests.length;
  await assert.rejects(
    fetchWhisperModels({ dir, models: ['tiny.en', 'large-v9', 'ggml-small.en.bin'], baseUrl, log: quiet }),
    /unknown model large-v9, ggml-small\.en\.bin: one of tiny\.en, base\.en, small\.en, medium\.en/,
  );
  assert.equal(requests.length, before);
  assert.deepEqual(readdirSync(dir), []);
});

test("the catalog's whisper models and the multilingual ones have a published SHA-1", () => {
  for (const model of ['tiny.en', 'base.en', 'small.en', 'medium.en', 'tiny', 'base', 'small', 'medium', 'large-v3'])
    assert.match(WHISPER_MODEL_SHA1[model] ?? '', /^[0-9a-f]{40}$/, model);
});

test('the command line: DIR MODEL... and --base-url; refusals exit non-zero and leave nothing', async () => {
  assert.deepEqual(parseCommandLine(['--base-url', 'http://127.0.0.1:1', '/w', 'small.en', 'base.en']), {
    dir: '/w',
    models: ['small.en', 'base.en'],
    baseUrl: 'http://127.0.0.1:1',
  });
  assert.throws(() => parseCommandLine(['/w']), /a folder and at least one model/);
  const dir = folder();
  const script = (...args: string[]) => run(process.execPath, [SCRIPT, ...args]);
  await assert.rejects(script('--base-url', baseUrl, dir, 'tiny.en'), (error: { code: number; stderr: string }) => {
    assert.equal(error.code, 1);
    assert.match(error.stderr, /whisper-models: .*SHA-1 .* is not the published/);
    return true;
  });
  await assert.rejects(script('--base-url', baseUrl, dir, 'huge.en'), (error: { code: number; stderr: string }) => {
    assert.equal(error.code, 1);
    assert.match(error.stderr, /unknown model huge\.en/);
    return true;
  });
  await assert.rejects(script(dir), (error: { code: number; stderr: string }) => {
    assert.equal(error.code, 2);
    assert.match(error.stderr, /usage: node tools\/dev\/whisper-models\.ts/);
    return true;
  });
  assert.deepEqual(readdirSync(dir), []);
});
