import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import {
  canonicalTranscript,
  contentHash,
  emptyTranscript,
  exampleTranscript,
  hashTranscript,
  roundTime,
  validateTranscript,
  type Transcript,
} from './index.ts';

/** The same value with every object's keys in reverse order. */
function reverseKeys<T>(value: T): T {
  if (Array.isArray(value)) return value.map(reverseKeys) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .reverse()
        .map(([k, v]) => [k, reverseKeys(v)]),
    ) as T;
  return value;
}

/** Adds sub-millisecond noise to every time and sub-0.0005 noise to every confidence. */
function jitter(t: Transcript, noise: number): Transcript {
  const copy = structuredClone(t);
  copy.duration += noise;
  for (const s of copy.segments) {
    s.start += noise;
    s.end += noise;
    for (const w of s.words) {
      w.start += noise;
      w.end += noise;
      if (w.confidence !== null) w.confidence = Math.min(1, w.confidence + noise / 2);
    }
  }
  return copy;
}

function assertKeysSorted(value: unknown, path = '$'): void {
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) assertKeysSorted(v, `${path}[${i}]`);
    return;
  }
  if (value && typeof value === 'object') {
    const keys = Object.keys(value);
    assert.deepEqual(keys, [...keys].sort(), `keys of ${path}`);
    for (const [k, v] of Object.entries(value)) assertKeysSorted(v, `${path}.${k}`);
  }
}

describe('canonicalTranscript', () => {
  it('writes sorted keys at every level and no whitespace', () => {
    const json = canonicalTranscript(exampleTranscript());
    assertKeysSorted(JSON.parse(json));
    assert.equal(json, JSON.stringify(JSON.parse(json)));
    assert.ok(
      json.startsWith(
        '{"duration":5.2,"language":"en","segments":[{"end":2.5,"id":"s1","speaker":"S1","start":0,"text":"Hello there.","words":[{"confidence":0.93,',
      ),
    );
  });

  it('gives equal bytes and hashes across key order and sub-millisecond noise', () => {
    const t = exampleTranscript();
    const json = canonicalTranscript(t);
    for (const variant of [reverseKeys(t), jitter(t, 0.0004), jitter(t, -0.0004), reverseKeys(jitter(t, 0.00049))]) {
      assert.equal(canonicalTranscript(variant), json);
      assert.equal(hashTranscript(variant), hashTranscript(t));
    }
  });

  it('gives equal bytes for inputs that validate to the same transcript (whitespace, Unicode form)', () => {
    const t: any = reverseKeys(exampleTranscript());
    t.segments[0].text = ' Hello there.\n';
    t.translation.segments[1].text = '\u00a1Hola!';
    const result = validateTranscript(t);
    assert.ok(result.ok);
    assert.equal(canonicalTranscript(result.value), canonicalTranscript(exampleTranscript()));
  });

  it('differs for different content', () => {
    const base = hashTranscript(exampleTranscript());
    const edits: ((t: Transcript) => void)[] = [
      (t) => (t.segments[0]!.text = 'Hello there!'),
      (t) => (t.segments[0]!.end = 2.501),
      (t) => (t.segments[0]!.words[0]!.confidence = 0.931),
      (t) => (t.segments[0]!.words[0]!.confidence = null),
      (t) => (t.speakers[0]!.name = null),
      (t) => (t.translation = null),
      (t) => (t.source.job_id = null),
      (t) => (t.language = 'en-GB'),
    ];
    const hashes = new Set([base]);
    for (const edit of edits) {
      const t = exampleTranscript();
      edit(t);
      hashes.add(hashTranscript(t));
    }
    assert.equal(hashes.size, edits.length + 1);
  });

  it('rounds times to the millisecond and confidence to 3 decimals, writes no -0', () => {
    const t = emptyTranscript({}, { duration: 1.23456 });
    t.segments.push({
      id: 'a',
      start: -0,
      end: 0.0004,
      text: 'x',
      speaker: null,
      words: [{ text: 'x', start: -0, end: 0.0001, confidence: 0.12345, speaker: null }],
    });
    assert.equal(
      canonicalTranscript(t),
      '{"duration":1.235,"language":"und","segments":[{"end":0,"id":"a","speaker":null,"start":0,"text":"x","words":[{"confidence":0.123,"end":0,"speaker":null,"start":0,"text":"x"}]}],"source":{"engine":null,"job_id":null,"media_id":null,"profile":null},"speakers":[],"translation":null,"version":1}',
    );
    assert.ok(Object.is(roundTime(-0.0001), 0));
  });

  it('is idempotent and drops keys outside the model', () => {
    const t = jitter(exampleTranscript(), 0.0003);
    const once = canonicalTranscript(t);
    assert.equal(canonicalTranscript(JSON.parse(once)), once);
    const withExtra = { ...exampleTranscript(), extra: 1 } as Transcript;
    assert.equal(canonicalTranscript(withExtra), canonicalTranscript(exampleTranscript()));
  });

  it('hashes as sha256:<hex> of the UTF-8 bytes', () => {
    assert.equal(contentHash(''), 'sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    assert.equal(
      contentHash('¡Hola!'),
      `sha256:${createHash('sha256').update(Buffer.from('¡Hola!', 'utf8')).digest('hex')}`,
    );
    assert.match(hashTranscript(exampleTranscript()), /^sha256:[0-9a-f]{64}$/);
  });
});
