/**
 * The managed-AI proxy's cost (ADR 0020), against a fake OpenAI-compatible provider on loopback:
 *
 * 1. Added latency: `requests` plain chat completions (default 200) at concurrency 1 and 50, sent
 *    to the provider directly and through the gateway (token check, hold, relay, settle), p50 and
 *    p99 of each and the difference.
 * 2. Time to the first streamed token: `streams` streamed completions (default 50), one at a time,
 *    from the request to the first content chunk, direct and through the proxy, p50 and p99.
 *
 * 3. Fast transcription (ADR 0021): `clips` transcriptions (default 20) of a flite clip of about
 *    5 s, one at a time, p50 and p99 of the whole call and of its parts as the answer's
 *    Server-Timing header gives them (speech guard, decoding, engine); and of a 5 s noise WAV the
 *    guard answers alone.
 *
 *   node tools/bench/src/ai-proxy.ts [requests] [streams] [clips]
 */
import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { decodePcmWav } from '@tp/speech-guard';
import { encodeWav, noise } from '@tp/speech-guard/signals';
import { concatSpeech, HARVARD_SENTENCES, startFakeOpenAi, startFleet, tempDir } from '@tp/testing';
import { benchUser } from './bench-user.ts';
import { fmt } from './load.ts';

const requests = Number(process.argv[2] ?? 200);
const streams = Number(process.argv[3] ?? 50);
const clips = Number(process.argv[4] ?? 20);

const upstream = await startFakeOpenAi();
const fleet = await startFleet({
  services: ['accounts', 'billing', 'ai-proxy', 'gateway'],
  aiProxyEnv: { AI_UPSTREAM_URL: upstream.url, LOG_LEVEL: 'error' },
  gatewayEnv: { RATE_LIMITS_ENABLED: 'false', LOG_LEVEL: 'error' },
});

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

try {
  const user = await benchUser(fleet, { email: 'ai-bench@example.com', credits: 1_000, preset: 'full' });
  const targets = {
    direct: { url: `${upstream.url}/chat/completions`, headers: {} as Record<string, string> },
    proxy: {
      url: `${fleet.gatewayUrl}/api/v1/ai/compat/chat/completions`,
      headers: { authorization: `Bearer ${user.token}` } as Record<string, string>,
    },
  };
  const body = (stream: boolean) =>
    JSON.stringify({ model: 'svc-chat', messages: [{ role: 'user', content: 'Hello' }], max_tokens: 64, stream });

  /** One completion; its latency to the whole answer, or to the first content chunk of a stream. */
  const once = async (target: keyof typeof targets, stream: boolean): Promise<number> => {
    const started = performance.now();
    const res = await fetch(targets[target].url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...targets[target].headers },
      body: body(stream),
    });
    if (res.status !== 200) throw new Error(`${target}: ${res.status} ${await res.text()}`);
    if (!stream) {
      await res.text();
      return performance.now() - started;
    }
    const decoder = new TextDecoder();
    let seen = '';
    let first = Number.NaN;
    for await (const chunk of res.body!) {
      seen += decoder.decode(chunk, { stream: true });
      if (Number.isNaN(first) && seen.includes('"content"')) first = performance.now() - started;
    }
    return first;
  };

  const run = async (target: keyof typeof targets, concurrency: number, total: number, stream: boolean) => {
    const latencies: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < total) {
          next += 1;
          latencies.push(await once(target, stream));
        }
      }),
    );
    return { p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
  };

  await run('direct', 4, 20, false); // warm both paths
  await run('proxy', 4, 20, false);
  console.log('| measure | direct p50 / p99 (ms) | through the proxy p50 / p99 (ms) | added p50 / p99 (ms) |');
  console.log('|---|---|---|---|');
  for (const concurrency of [1, 50]) {
    const direct = await run('direct', concurrency, requests, false);
    const proxy = await run('proxy', concurrency, requests, false);
    console.log(
      `| chat completion, concurrency ${concurrency} | ${fmt(direct.p50)} / ${fmt(direct.p99)} | ` +
        `${fmt(proxy.p50)} / ${fmt(proxy.p99)} | ${fmt(proxy.p50 - direct.p50)} / ${fmt(proxy.p99 - direct.p99)} |`,
    );
  }
  const direct = await run('direct', 1, streams, true);
  const proxy = await run('proxy', 1, streams, true);
  console.log(
    `| time to first streamed token | ${fmt(direct.p50)} / ${fmt(direct.p99)} | ${fmt(proxy.p50)} / ${fmt(proxy.p99)} | ` +
      `${fmt(proxy.p50 - direct.p50)} / ${fmt(proxy.p99 - direct.p99)} |`,
  );
  await benchFastTranscription(user.token);
} finally {
  await fleet.stop();
  await upstream.stop();
}

/** Fast transcription of a ~5 s clip: the whole call and its parts (Server-Timing), p50 / p99. */
async function benchFastTranscription(token: string) {
  const dir = await tempDir('tp-bench-fast-');
  try {
    const spoken = await concatSpeech(HARVARD_SENTENCES.slice(0, 2), { dir: dir.path, name: 'clip', gapSeconds: 0.4 });
    // Cut to exactly 5 s (the speech runs on to its end: the last word may be cut).
    const audio = decodePcmWav(await readFile(spoken.path));
    const speech = encodeWav(
      audio.channels.map((c) => c.subarray(0, 5 * audio.sampleRate)),
      audio.sampleRate,
    );
    const silence = encodeWav([noise('pink', 5, -30)], 16_000);
    const call = async (wav: Uint8Array) => {
      const form = new FormData();
      form.set('file', new Blob([wav], { type: 'audio/wav' }), 'clip.wav');
      form.set('model', 'svc-fast');
      const started = performance.now();
      const res = await fetch(`${fleet.gatewayUrl}/api/v1/ai/compat/audio/transcriptions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`fast transcription: ${res.status} ${text}`);
      const parts = Object.fromEntries(
        (res.headers.get('server-timing') ?? '').split(', ').map((part) => {
          const [name, dur] = part.split(';dur=');
          return [name, Number(dur)];
        }),
      );
      return { total: performance.now() - started, ...parts } as Record<string, number>;
    };
    console.log('\n| fast transcription (p50 / p99, ms) | whole call | speech guard | decoding | engine |');
    console.log('|---|---|---|---|---|');
    for (const [label, wav] of [
      ['flite speech, 5 s', speech],
      ['pink noise, 5 s (the guard answers)', silence],
    ] as const) {
      await call(wav); // warm
      const runs: Record<string, number>[] = [];
      for (let i = 0; i < clips; i++) runs.push(await call(wav));
      const stat = (key: string) => {
        const values = runs.map((r) => r[key] ?? 0);
        return `${fmt(percentile(values, 50))} / ${fmt(percentile(values, 99))}`;
      };
      console.log(`| ${label} | ${stat('total')} | ${stat('guard')} | ${stat('decode')} | ${stat('engine')} |`);
    }
  } finally {
    await dir.remove();
  }
}
