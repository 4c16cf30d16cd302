// The README's TypeScript quick start: upload, transcribe, wait, export, and a webhook verified.
// TP_URL=http://127.0.0.1:8080 TP_TOKEN=tsk_… node examples/quickstart/quickstart.ts talk.wav
import { randomBytes } from 'node:crypto';
import { openAsBlob, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename } from 'node:path';
import { createClient, type WebhookEvent } from '@tp/sdk';
import { verifyWebhook } from '@tp/sdk/node';

const client = createClient({ baseUrl: process.env.TP_URL ?? 'http://127.0.0.1:8080', token: process.env.TP_TOKEN });
const path = process.argv[2] ?? 'talk.wav';

// 1. Upload: a session, the bytes straight to storage (with progress), verified by the platform.
const media = await client.uploadFile({
  file: await openAsBlob(path, { type: 'audio/wav' }),
  fileName: basename(path),
  onProgress: ({ sentBytes, totalBytes }) => console.error(`uploaded ${sentBytes} of ${totalBytes} bytes`),
});

// 2. Transcribe it and wait for the job to end (an Idempotency-Key is set for you, so retries are safe).
const job = await client.POST('/api/v1/jobs', {
  body: { type: 'transcription', profile: 'oracle', input: { type: 'media_ref', media_id: media.media_id } },
});
const done = await client.waitForJob(job.job_id, { onUpdate: (j) => console.error(`job ${j.status} ${j.progress}%`) });
if (done.status !== 'succeeded') throw new Error(`job ${done.status}: ${done.error?.message}`);

// 3. Export it as subtitles.
const srt = await client.GET('/api/v1/jobs/{job_id}/export', {
  params: { path: { job_id: job.job_id }, query: { format: 'srt', max_chars_per_entry: 42 } },
});
console.log(srt);

// 4. A product back end: a job that posts a signed webhook when it ends, and the receiver that verifies it.
const secret = randomBytes(24).toString('hex');
const { promise: delivered, resolve: deliver } = Promise.withResolvers<WebhookEvent>();
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    try {
      // Throws unless signed with the job's secret, over these exact bytes, in the last 5 minutes.
      const { event } = verifyWebhook(Buffer.concat(chunks), req.headers, { secret });
      res.writeHead(204).end();
      deliver(event);
    } catch {
      res.writeHead(401).end();
    }
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/transcripts`;

const file = await client.POST('/upload', {
  body: { file_name: basename(path), content_type: 'audio/wav', data_base64: readFileSync(path).toString('base64') },
});
const started = await client.POST('/transcribe', {
  body: {
    audio_url: file.fileUrl,
    model: 'oracle',
    output_format: 'txt',
    webhook_url: webhookUrl,
    webhook_secret: secret,
  },
});
const event = await delivered;
receiver.close();
console.log(`webhook ${event.type} for job ${started.jobId}: verified`);
