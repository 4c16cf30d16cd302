/**
 * The web app (issue 21): the gzip size of what a browser downloads (the built JavaScript and CSS,
 * compressed as a server would), and the time from navigating to /app/jobs until the jobs list
 * shows a user's finished jobs, in Debian's Chromium through the gateway, with a cold cache (a new
 * browser context each round) and a warm one (the same context again). Baseline in the same run:
 * the same browser navigating to the API's own answer, `GET /api/v1/jobs`, as JSON.
 * `--screenshots DIR` also saves the top 1280×1400 of the main pages, and the Jobs page at 390×844 (the README's pictures).
 *
 *   node tools/bench/src/web-app.ts [--rounds N] [--screenshots docs/screenshots]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchChromium, repoRoot, startFleet, synthesizeSpeech, UNREACHED_RATE_LIMITS } from '@tp/testing';

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '5' }, screenshots: { type: 'string' } },
});
const rounds = Number(values.rounds);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const EMAIL = 'bench@example.com';
const PASSWORD = 'a long enough password';

function bundleSizes(): { raw: number; gzip: number; files: string[] } {
  const assets = join(repoRoot(), 'services', 'web', 'dist', 'assets');
  const files = readdirSync(assets).filter((name) => /\.(js|css)$/.test(name));
  let raw = 0;
  let gzip = 0;
  for (const name of files) {
    const bytes = readFileSync(join(assets, name));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 6 }).length;
  }
  return { raw, gzip, files };
}

const fleet = await startFleet({ with: ['web'], gatewayEnv: UNREACHED_RATE_LIMITS });
const dir = await mkdtemp(join(tmpdir(), 'tp-bench-web-'));
let browser: Browser | undefined;
try {
  await fleet.tsctl('users', 'create', '--email', EMAIL, '--password', PASSWORD);
  await fleet.tsctl('credits', 'grant', '--email', EMAIL, '--credits', '50', '--reason', 'bench');
  const signIn = await fetch(`${fleet.gatewayUrl}/api/v1/auth/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD, device_name: 'bench' }),
  });
  const session = ((await signIn.json()) as { data: { session_token: string; device_id: string; expires_at: string } })
    .data;
  const auth = { authorization: `Bearer ${session.session_token}` };
  const stored = JSON.stringify({
    token: session.session_token,
    email: EMAIL,
    deviceId: session.device_id,
    expiresAt: session.expires_at,
  });

  // Ten finished jobs to list: a spoken sentence, uploaded and transcribed through the API.
  const speech = await synthesizeSpeech('The quarterly numbers are in and they look good.', { voice: 'slt', dir });
  const bytes = readFileSync(speech);
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${fleet.gatewayUrl}/api/v1${path}`, {
      method,
      headers: { ...auth, 'content-type': 'application/json', prefer: 'wait=30' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as { data: Record<string, unknown> };
  };
  const jobIds: string[] = [];
  for (let i = 0; i < 10; i++) {
    const s = (
      await api('POST', '/media/upload-session', {
        file_name: `talk-${i}.wav`,
        content_type: 'audio/wav',
        size_bytes: bytes.length,
      })
    ).data;
    await fetch(s.upload_url as string, { method: 'PUT', body: bytes, headers: { 'content-type': 'audio/wav' } });
    await api('POST', '/media/complete', { media_id: s.media_id, finalize_token: s.finalize_token });
    const job = await api('POST', '/jobs', {
      type: 'transcription',
      input: { type: 'media_ref', media_id: s.media_id },
      profile: 'oracle',
      options: { language: 'en' },
    });
    jobIds.push(job.data.job_id as string);
  }
  for (const id of jobIds) {
    for (;;) {
      const job = (await api('GET', `/jobs/${id}`)).data;
      if (['succeeded', 'failed', 'cancelled'].includes(job.status as string)) break;
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  // A public link to the first transcript, for the Shares page's picture.
  const artifacts = (await api('GET', `/jobs/${jobIds[0]}/artifacts`)).data as unknown as { artifact_id: string }[];
  await api('POST', '/shares', {
    share_kind: 'transcript',
    artifact_id: artifacts[0]!.artifact_id,
    access_scope: 'everyone',
  });

  browser = await launchChromium();
  const newContext = async (): Promise<BrowserContext> => {
    const context = await browser!.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(`localStorage.setItem('tp.session', ${JSON.stringify(stored)})`);
    return context;
  };
  const toJobsList = async (context: BrowserContext): Promise<number> => {
    const page = await context.newPage();
    const started = performance.now();
    await page.goto(`${fleet.gatewayUrl}/app/jobs`);
    await page.getByRole('list', { name: 'Finished jobs' }).getByRole('listitem').nth(9).waitFor();
    const ms = performance.now() - started;
    await page.close();
    return ms;
  };
  const toApiAnswer = async (context: BrowserContext): Promise<number> => {
    const page = await context.newPage();
    await page.setExtraHTTPHeaders(auth);
    const started = performance.now();
    await page.goto(`${fleet.gatewayUrl}/api/v1/jobs?limit=50`);
    const ms = performance.now() - started;
    await page.close();
    return ms;
  };

  const cold: number[] = [];
  const warm: number[] = [];
  const baseline: number[] = [];
  await toJobsList(await newContext()); // the fleet's first answers warm up
  for (let round = 0; round < rounds; round++) {
    const context = await newContext();
    baseline.push(await toApiAnswer(context));
    cold.push(await toJobsList(context));
    warm.push(await toJobsList(context));
    await context.close();
  }

  const size = bundleSizes();
  console.log(
    `web app: ${size.files.length} files, ${(size.raw / 1024).toFixed(1)} KiB, gzip ${(size.gzip / 1024).toFixed(1)} KiB`,
  );
  console.log(
    `GET /api/v1/jobs as JSON in the browser (baseline): median ${median(baseline).toFixed(0)} ms of ${rounds}`,
  );
  console.log(
    `/app/jobs to its list of 10 finished jobs, cold cache: median ${median(cold).toFixed(0)} ms (${(median(cold) / median(baseline)).toFixed(1)}× the baseline)`,
  );
  console.log(
    `/app/jobs to its list, warm cache: median ${median(warm).toFixed(0)} ms (${(median(warm) / median(baseline)).toFixed(1)}× the baseline)`,
  );

  if (values.screenshots) {
    await mkdir(values.screenshots, { recursive: true });
    const context = await newContext();
    const page = await context.newPage();
    const pages: [string, string][] = [
      ['jobs', 'jobs'],
      ['media', 'media'],
      ['api-access', 'account/api-access'],
      ['devices', 'account/devices'],
      ['preferences', 'account/preferences'],
      ['transcript', `transcripts/${artifacts[0]!.artifact_id}`],
      ['shares', 'shares'],
      ['billing', 'billing'],
    ];
    for (const [name, path] of pages) {
      await page.goto(`${fleet.gatewayUrl}/app/${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      // The page's top 1,400 px: the form and the first rows of a long list.
      const clip = { x: 0, y: 0, width: 1280, height: 1400 };
      await page.screenshot({ path: join(values.screenshots, `${name}.png`), fullPage: true, clip });
    }
    // And one page as a phone shows it.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${fleet.gatewayUrl}/app/jobs`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: join(values.screenshots, 'jobs-phone.png') });
    await context.close();
    const signInPage = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await signInPage.goto(`${fleet.gatewayUrl}/app/sign-in`);
    await signInPage.getByRole('heading', { name: 'Sign in' }).waitFor();
    await signInPage.screenshot({ path: join(values.screenshots, 'sign-in.png') });
    console.log(`screenshots in ${values.screenshots}`);
  }
} finally {
  await browser?.close();
  await fleet.stop();
  await rm(dir, { recursive: true, force: true });
}
