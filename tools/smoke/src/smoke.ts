// The smoke test of a running fleet, through the public API only: sign in with a token, upload a
// short clip (upload session, PUT, complete), run a transcription job to `succeeded`, read its
// JSON export, then delete what it made (the job's artifacts and the media). Every request has a
// timeout and the whole run a deadline; a failure names the step (SmokeError.step).

export const STEPS = ['sign-in', 'upload', 'job', 'wait', 'export', 'cleanup'] as const;
export type Step = (typeof STEPS)[number];

export class SmokeError extends Error {
  readonly step: Step;
  constructor(step: Step, message: string) {
    super(message);
    this.step = step;
  }
}

export interface SmokeOptions {
  gatewayUrl: string;
  token: string;
  /** The clip to transcribe (a WAV file's bytes). */
  clip: Uint8Array;
  /** The job's profile (default oracle: PocketSphinx, on every CPU worker). */
  profile: string;
  /** Each HTTP request's limit. */
  requestTimeoutMs: number;
  /** The whole run's deadline, cleanup included (Date.now() based). */
  deadline: number;
  log: (line: string) => void;
}

export interface SmokeResult {
  mediaId: string;
  jobId: string;
  transcript: string;
}

interface Answer {
  status: number;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: a JSON answer, read field by field by the steps
  body: any;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One HTTP request of a step: a network error, a timeout or an unexpected status is that step's failure. */
async function request(
  options: SmokeOptions,
  step: Step,
  method: string,
  url: string,
  expect: number[],
  init: { body?: unknown; headers?: Record<string, string>; auth?: boolean } = {},
): Promise<Answer> {
  const remaining = options.deadline - Date.now();
  if (remaining <= 0) throw new SmokeError(step, `the run's deadline passed before ${method} ${url}`);
  const headers: Record<string, string> = { ...init.headers };
  if (init.auth !== false) headers.authorization = `Bearer ${options.token}`;
  let body: Uint8Array | string | undefined;
  if (init.body instanceof Uint8Array) body = init.body;
  else if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  const target = url.startsWith('http') ? url : `${options.gatewayUrl}${url}`;
  const limit = Math.min(options.requestTimeoutMs, remaining);
  let response: Response;
  try {
    response = await fetch(target, { method, headers, body, signal: AbortSignal.timeout(limit) });
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    const why =
      (err as Error).name === 'TimeoutError'
        ? `no answer within ${limit} ms`
        : `${(err as Error).message}${cause ? ` (${cause.code ?? cause.message})` : ''}`;
    throw new SmokeError(step, `${method} ${url}: ${why}`);
  }
  const text = await response.text();
  if (!expect.includes(response.status))
    throw new SmokeError(step, `${method} ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: the caller reads text
  }
  return { status: response.status, text, body: parsed };
}

async function signIn(options: SmokeOptions): Promise<void> {
  try {
    await request(options, 'sign-in', 'GET', '/api/v1/jobs?limit=1', [200]);
  } catch (err) {
    if (err instanceof SmokeError && / answered 401/.test(err.message))
      throw new SmokeError('sign-in', `the token was refused: ${err.message}`);
    throw err;
  }
}

async function upload(options: SmokeOptions): Promise<string> {
  const session = await request(options, 'upload', 'POST', '/api/v1/media/upload-session', [201], {
    body: { file_name: 'smoke.wav', content_type: 'audio/wav', size_bytes: options.clip.length },
  });
  const { upload_url: uploadUrl, media_id: mediaId, finalize_token: finalizeToken } = session.body.data;
  await request(options, 'upload', 'PUT', uploadUrl, [200], {
    body: options.clip,
    headers: { 'content-type': 'audio/wav' },
    auth: false,
  });
  // 202 verification_pending while ffprobe runs: the same call again until 201.
  for (;;) {
    const done = await request(options, 'upload', 'POST', '/api/v1/media/complete', [201, 202], {
      body: { media_id: mediaId, finalize_token: finalizeToken },
      headers: { prefer: 'wait=10' },
    });
    if (done.status === 201) return mediaId;
    await sleep(500);
  }
}

interface Made {
  mediaId?: string;
  jobId?: string;
  artifactIds: string[];
  succeeded?: boolean;
}

/** Creates the job (noting it in `made` at once, for cleanup) and polls it until it ends. */
async function runJob(options: SmokeOptions, mediaId: string, made: Made): Promise<string> {
  const created = await request(options, 'job', 'POST', '/api/v1/jobs', [202], {
    body: { type: 'transcription', input: { type: 'media_ref', media_id: mediaId }, profile: options.profile },
    headers: { 'idempotency-key': `smoke-${mediaId}` },
  });
  const jobId: string = created.body.data.job_id;
  made.jobId = jobId;
  for (;;) {
    const job = (await request(options, 'wait', 'GET', `/api/v1/jobs/${jobId}`, [200])).body.data;
    if (job.status === 'succeeded') {
      made.artifactIds = job.artifact_ids ?? [];
      made.succeeded = true;
      return jobId;
    }
    if (job.status === 'failed' || job.status === 'cancelled')
      throw new SmokeError('wait', `job ${jobId} ended ${job.status}: ${JSON.stringify(job.error)}`);
    if (Date.now() + 1000 >= options.deadline)
      throw new SmokeError('wait', `job ${jobId} is still ${job.status} at the run's deadline`);
    await sleep(1000);
  }
}

async function readExport(options: SmokeOptions, jobId: string): Promise<string> {
  const exported = await request(options, 'export', 'GET', `/api/v1/jobs/${jobId}/export?format=json`, [200]);
  const segments = exported.body?.segments;
  if (!Array.isArray(segments)) throw new SmokeError('export', `not a JSON transcript: ${exported.text.slice(0, 300)}`);
  return segments
    .map((segment: { text?: string }) => segment.text ?? '')
    .join(' ')
    .trim();
}

/** Deletes what the run made; answers the problems, to report without hiding the run's own failure. */
async function cleanUp(options: SmokeOptions, made: Made, succeeded: boolean): Promise<string[]> {
  // Cleanup gets time of its own even when the run spent its deadline.
  const cleanup = { ...options, deadline: Math.max(options.deadline, Date.now() + 2 * options.requestTimeoutMs) };
  const problems: string[] = [];
  const attempt = async (what: () => Promise<unknown>) => {
    try {
      await what();
    } catch (err) {
      problems.push((err as Error).message);
    }
  };
  if (made.jobId && !succeeded)
    // Unfinished (the run failed before it succeeded): cancel it; a finished one answers 409.
    await attempt(() => request(cleanup, 'cleanup', 'DELETE', `/api/v1/jobs/${made.jobId}`, [200, 409]));
  for (const id of made.artifactIds)
    await attempt(() => request(cleanup, 'cleanup', 'DELETE', `/api/v1/artifacts/${id}`, [204, 404]));
  if (made.mediaId)
    await attempt(() => request(cleanup, 'cleanup', 'DELETE', `/api/v1/media/${made.mediaId}`, [204, 404]));
  return problems;
}

/** Runs the steps in order; throws a SmokeError naming the first that failed. */
export async function runSmoke(options: SmokeOptions): Promise<SmokeResult> {
  const made: Made = { artifactIds: [] };
  let failure: unknown;
  let transcript = '';
  try {
    await signIn(options);
    options.log('sign-in: ok');
    made.mediaId = await upload(options);
    options.log(`upload: ok (${made.mediaId}, ${options.clip.length} bytes)`);
    const jobId = await runJob(options, made.mediaId, made);
    options.log(`job: ${jobId} succeeded`);
    transcript = await readExport(options, jobId);
    options.log(`export: ok (transcript: ${JSON.stringify(transcript)})`);
  } catch (err) {
    failure = err;
  }
  const problems = await cleanUp(options, made, made.succeeded === true);
  if (failure) throw failure;
  if (problems.length > 0) throw new SmokeError('cleanup', problems.join('; '));
  options.log(`cleanup: ok (deleted ${made.artifactIds.length} artifact(s) and the media)`);
  return { mediaId: made.mediaId ?? '', jobId: made.jobId ?? '', transcript };
}
