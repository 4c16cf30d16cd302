import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { exampleTranscript, syntheticTranscript, validateTranscript, type Transcript } from '@tp/transcript';
import { clockTime, durationAttribute, languageLabel, PAGE_CSP, PAGE_STYLE, renderSharePage } from './page.ts';

const SCRIPT = '<script>alert(1)</script>';
const ATTRIBUTE = '"><img src=x onerror=alert(1)>';
const SINGLE = "' onmouseover='alert(2)";

/** The transcript as a share would get it: through the validator. */
function valid(t: Transcript): Transcript {
  const checked = validateTranscript(JSON.parse(JSON.stringify(t)));
  assert.ok(checked.ok, JSON.stringify(!checked.ok && checked.issues));
  return checked.value;
}

function hostileTranscript(): Transcript {
  const t = exampleTranscript();
  t.speakers = [
    { id: 'S1', label: `Label ${SCRIPT}`, name: `Name ${ATTRIBUTE}` },
    { id: 'S2', label: `Other ${SINGLE} & co`, name: null },
  ];
  t.segments[0]!.text = `Hello ${SCRIPT} there`;
  t.segments[1]!.text = `Bye ${ATTRIBUTE} ${SINGLE}`;
  t.translation = { language: 'es', segments: [{ id: 's1', text: `Hola ${SCRIPT}` }] };
  return valid(t);
}

const page = (t: Transcript, title = 'Weekly call', basePath = '/s/tok') =>
  renderSharePage({ transcript: t, title, basePath });

/** Every tag name of the page, and every attribute name inside tags. */
function markup(html: string): { tags: string[]; attributes: string[] } {
  const tags: string[] = [];
  const attributes: string[] = [];
  for (const match of html.matchAll(/<\/?([A-Za-z][A-Za-z0-9-]*)([^>]*)>/g)) {
    tags.push(match[1]!.toLowerCase());
    for (const attr of match[2]!.matchAll(/\s([A-Za-z-]+)=/g)) attributes.push(attr[1]!.toLowerCase());
  }
  return { tags, attributes };
}

describe('the share page', () => {
  it('is a complete HTML5 document with the title, language, duration and noindex', () => {
    const html = page(valid(exampleTranscript()));
    assert.ok(html.startsWith('<!DOCTYPE html>\n<html lang="en">'));
    assert.ok(html.trimEnd().endsWith('</html>'));
    assert.match(html, /<meta charset="utf-8">/);
    assert.match(html, /<meta name="viewport" content="width=device-width, initial-scale=1">/);
    assert.match(html, /<meta name="robots" content="noindex">/);
    assert.match(html, /<meta name="referrer" content="no-referrer">/);
    assert.match(html, /<title>Weekly call<\/title>/);
    assert.match(html, /<h1>Weekly call<\/h1>/);
    assert.match(html, /<dt>Language<\/dt><dd>English \(en\)<\/dd>/);
    assert.match(html, /<dt>Duration<\/dt><dd><time datetime="PT5.2S">00:00:05<\/time><\/dd>/);
    assert.match(html, /<dt>Translation<\/dt><dd>Spanish \(es\)<\/dd>/);
  });

  it('lists the speakers (name, else label) and gives every segment its time, speaker and text', () => {
    const html = page(valid(exampleTranscript()));
    assert.match(
      html,
      /<ul class="speakers">\n<li>Ada <span class="label">\(Speaker 1\)<\/span><\/li>\n<li>Speaker 2<\/li>\n<\/ul>/,
    );
    assert.match(
      html,
      /<div class="segment" id="t1">\n<p class="when"><a href="#t1"><time datetime="PT0S">00:00:00<\/time><\/a><span class="speaker">Ada<\/span><\/p>\n<p class="text">Hello there\.<\/p>\n<p class="translation" lang="es">Hola\.<\/p>/,
    );
    assert.match(
      html,
      /<div class="segment" id="t2">\n<p class="when"><a href="#t2"><time datetime="PT2.5S">00:00:02<\/time><\/a><span class="speaker">Speaker 2<\/span><\/p>\n<p class="text">Hi!<\/p>/,
    );
    assert.equal(html.match(/class="segment"/g)?.length, 2);
  });

  it('leaves out the speakers and the speaker of a segment when there are none', () => {
    const t = exampleTranscript();
    t.speakers = [];
    for (const s of t.segments) {
      s.speaker = null;
      for (const w of s.words) w.speaker = null;
    }
    t.translation = null;
    const html = page(valid(t));
    assert.doesNotMatch(html, /Speakers|class="speaker"|class="translation"|Translation/);
    assert.match(html, /<p class="text">Hello there\.<\/p>/);
  });

  it('says so when the transcript has no segments', () => {
    const t = exampleTranscript();
    t.segments = [];
    t.translation = null;
    assert.match(page(valid(t)), /<p class="empty">This transcript has no text\.<\/p>/);
  });

  it('links the downloads under the base path as given', () => {
    const html = page(valid(exampleTranscript()), 'T', '/s/AbC-_9');
    for (const format of ['text', 'srt', 'vtt', 'json'])
      assert.ok(html.includes(`<a href="/s/AbC-_9/download/${format}" rel="nofollow">`), format);
    const relative = page(valid(exampleTranscript()), 'T', 'share');
    assert.ok(relative.includes('<a href="share/download/srt"'));
    const root = page(valid(exampleTranscript()), 'T', '');
    assert.ok(root.includes('<a href="/download/vtt"'));
  });
});

describe('the share page is inert', () => {
  it('has no script: no script element, no event handler, no javascript: URL, no inline style attribute', () => {
    const html = page(hostileTranscript(), `Title ${SCRIPT}`);
    const { tags, attributes } = markup(html);
    assert.ok(!tags.includes('script'));
    assert.ok(!tags.includes('img'));
    assert.ok(!attributes.some((name) => name.startsWith('on')), attributes.join(','));
    assert.ok(!attributes.includes('style') && !attributes.includes('src'));
    assert.doesNotMatch(html, /javascript:/i);
    assert.deepEqual([...new Set(tags)].sort(), [
      'a',
      'body',
      'dd',
      'div',
      'dl',
      'dt',
      'footer',
      'h1',
      'h2',
      'head',
      'header',
      'html',
      'li',
      'main',
      'meta',
      'nav',
      'p',
      'section',
      'span',
      'style',
      'time',
      'title',
      'ul',
    ]);
  });

  it('escapes the title, speaker names and labels, segment and translated text', () => {
    const html = page(hostileTranscript(), `Title ${SCRIPT} ${ATTRIBUTE}`);
    const escapedScript = '&lt;script&gt;alert(1)&lt;/script&gt;';
    const escapedAttribute = '&quot;&gt;&lt;img src=x onerror=alert(1)&gt;';
    const escapedSingle = '&#39; onmouseover=&#39;alert(2)';
    assert.ok(html.includes(`<title>Title ${escapedScript} ${escapedAttribute}</title>`));
    assert.ok(html.includes(`<h1>Title ${escapedScript} ${escapedAttribute}</h1>`));
    assert.ok(html.includes(`<li>Name ${escapedAttribute} <span class="label">(Label ${escapedScript})</span></li>`));
    assert.ok(html.includes(`<li>Other ${escapedSingle} &amp; co</li>`));
    assert.ok(html.includes(`<span class="speaker">Name ${escapedAttribute}</span>`));
    assert.ok(html.includes(`<span class="speaker">Other ${escapedSingle} &amp; co</span>`));
    assert.ok(html.includes(`<p class="text">Hello ${escapedScript} there</p>`));
    assert.ok(html.includes(`<p class="text">Bye ${escapedAttribute} ${escapedSingle}</p>`));
    assert.ok(html.includes(`<p class="translation" lang="es">Hola ${escapedScript}</p>`));
    // Outside the one style element, no raw payload survives anywhere.
    const body = html.replace(/<style>[\s\S]*?<\/style>/, '');
    for (const raw of [SCRIPT, ATTRIBUTE, SINGLE, '<img', 'onerror=alert(1)>']) assert.ok(!body.includes(raw), raw);
  });

  it('has exactly one style element, whose SHA-256 is the only style source of the CSP', () => {
    const html = page(hostileTranscript());
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)];
    assert.equal(styles.length, 1);
    assert.equal(styles[0]![1], PAGE_STYLE);
    const hash = createHash('sha256').update(styles[0]![1]!, 'utf8').digest('base64');
    assert.equal(
      PAGE_CSP,
      `default-src 'none'; style-src 'sha256-${hash}'; img-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
    assert.doesNotMatch(PAGE_STYLE, /url\(|@import|expression\(/i, 'the style loads nothing');
  });

  // Its speed is measured by tools/bench/src/share-page.ts, not asserted here.
  it('renders every segment of a three-hour transcript (3,000 segments, ~30,000 words)', () => {
    const t = syntheticTranscript();
    assert.equal(t.segments.length, 3000);
    const html = page(t, 'Three hours');
    assert.equal(html.match(/class="segment"/g)?.length, 3000);
    assert.match(html, /<dt>Duration<\/dt><dd><time datetime="PT\d+(\.\d+)?S">0[23]:\d\d:\d\d<\/time>/);
  });
});

describe('page helpers', () => {
  it('write times as HH:MM:SS, truncated to the second', () => {
    assert.equal(clockTime(0), '00:00:00');
    assert.equal(clockTime(59.9), '00:00:59');
    assert.equal(clockTime(60), '00:01:00');
    assert.equal(clockTime(3725.5), '01:02:05');
    assert.equal(clockTime(10 * 3600 + 0.9994), '10:00:00');
    assert.equal(
      clockTime(10 * 3600 + 0.9996),
      '10:00:01',
      'rounded to the millisecond first, like the canonical form',
    );
    assert.equal(clockTime(100 * 3600), '100:00:00');
  });

  it('write valid duration attributes', () => {
    assert.equal(durationAttribute(0), 'PT0S');
    assert.equal(durationAttribute(2.5), 'PT2.5S');
    assert.equal(durationAttribute(3725.123), 'PT3725.123S');
  });

  it('name languages in English with their tag', () => {
    assert.equal(languageLabel('en'), 'English (en)');
    assert.equal(languageLabel('pt-BR'), 'Brazilian Portuguese (pt-BR)');
    assert.equal(languageLabel('und'), 'Unknown');
    assert.equal(languageLabel('qqq'), 'qqq');
  });
});
