// Compile-time checks of the client's types (tsc runs them; the test only makes the file a test).
import { test } from 'node:test';
import type { components } from './generated/schema.ts';
import type { Client, Job, MediaAsset } from './index.ts';

type Transcript = components['schemas']['Transcript'];

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const expectType = <T extends true>(_: T) => {};

export async function typedOperations(client: Client): Promise<void> {
  const job = await client.GET('/api/v1/jobs/{job_id}', { params: { path: { job_id: 'job_1' } } });
  expectType<Equal<typeof job, Job>>(true);
  const jobs = await client.GET('/api/v1/jobs', { params: { query: { status: 'succeeded' } } });
  expectType<Equal<typeof jobs, Job[]>>(true);
  const media = await client.GET('/api/v1/media/{media_id}', { params: { path: { media_id: 'med_1' } } });
  expectType<Equal<typeof media, MediaAsset>>(true);
  const vtt = await client.GET('/api/v1/jobs/{job_id}/export', {
    params: { path: { job_id: 'job_1' }, query: { format: 'vtt' } },
  });
  // format=json answers the canonical transcript, the other formats text (ADR 0034): the type cannot follow the query.
  expectType<Equal<typeof vtt, string | Transcript>>(true);
  const deleted = await client.DELETE('/api/v1/media/{media_id}', { params: { path: { media_id: 'med_1' } } });
  expectType<Equal<typeof deleted, undefined>>(true);
  // @ts-expect-error: no such path
  await client.GET('/api/v1/nope');
  // @ts-expect-error: the path parameter is required
  await client.GET('/api/v1/jobs/{job_id}', {});
  // @ts-expect-error: not a status
  await client.GET('/api/v1/jobs', { params: { query: { status: 'done' } } });
  // @ts-expect-error: a body is required
  await client.POST('/api/v1/jobs');
}

test('the client is typed from the document (checked by tsc)', () => {});

export async function typedHelpers(client: Client): Promise<void> {
  for await (const job of client.paginate('/api/v1/jobs', { params: { query: { limit: 100 } } }))
    expectType<Equal<typeof job, Job>>(true);
  for await (const queued of client.paginate('/api/v1/jobs/queue')) expectType<Equal<typeof queued, Job>>(true);
  for await (const media of client.paginate('/api/v1/media')) expectType<Equal<typeof media, MediaAsset>>(true);
  // @ts-expect-error: not a list
  client.paginate('/api/v1/jobs/{job_id}', { params: { path: { job_id: 'job_1' } } });
  const ended = await client.waitForJob('job_1', { timeoutMs: 1000 });
  expectType<Equal<typeof ended, Job>>(true);
}
