import { createHash } from 'node:crypto';
import { toMillis, wallTime, type Transcript } from '@tp/transcript';
import { escapeHtml } from './html.ts';

/**
 * The public page of a share: a complete HTML5 document built from a validated transcript. It has
 * no script at all and one inline style whose hash is the only source the Content-Security-Policy
 * allows, so even a mistake in escaping could not run code. Every piece of text that comes from
 * the transcript or the owner (title, speaker names and labels, segment and translated text, the
 * language tag) goes through `escapeHtml`; nothing on the page names the owner or their objects.
 */

/** The page's only style sheet. Its exact text is hashed into the CSP: change it here only. */
export const PAGE_STYLE = `
:root { color-scheme: light dark; --fg: #1d1d1f; --muted: #5f6368; --bg: #ffffff; --line: #e3e3e6; --accent: #0b57d0; --chip: #f1f3f4; }
@media (prefers-color-scheme: dark) { :root { --fg: #e8eaed; --muted: #a0a4a8; --bg: #161718; --line: #303134; --accent: #8ab4f8; --chip: #25272a; } }
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 1.0625rem/1.6 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
main { max-width: 46rem; margin: 0 auto; padding: 2rem 1.25rem 3rem; }
header { border-bottom: 1px solid var(--line); padding-bottom: 1.25rem; margin-bottom: 1.5rem; }
h1 { font-size: 1.75rem; line-height: 1.25; margin: 0 0 .5rem; overflow-wrap: anywhere; }
h2 { font-size: 1rem; margin: 1rem 0 .5rem; color: var(--muted); font-weight: 600; }
.facts { margin: 0; color: var(--muted); display: flex; flex-wrap: wrap; gap: .25rem 1.25rem; }
.facts dt { display: inline; font-weight: 600; }
.facts dd { display: inline; margin: 0 0 0 .35rem; }
.speakers { list-style: none; padding: 0; margin: 0; display: flex; flex-wrap: wrap; gap: .5rem; }
.speakers li { background: var(--chip); border-radius: 1rem; padding: .1rem .75rem; overflow-wrap: anywhere; }
.speakers .label { color: var(--muted); }
.downloads { display: flex; flex-wrap: wrap; gap: .5rem 1rem; margin-top: 1rem; }
a { color: var(--accent); }
.downloads a { text-decoration: none; border: 1px solid var(--line); border-radius: .4rem; padding: .2rem .7rem; }
.downloads a:hover, .downloads a:focus { text-decoration: underline; }
.segment { margin: 0 0 1.1rem; }
.segment:target { outline: 2px solid var(--accent); outline-offset: .35rem; border-radius: .2rem; }
.when { margin: 0; font-size: .875rem; color: var(--muted); }
.when a { color: inherit; text-decoration: none; font-variant-numeric: tabular-nums; }
.when a:hover, .when a:focus { text-decoration: underline; }
.speaker { font-weight: 600; color: var(--fg); margin-left: .6rem; overflow-wrap: anywhere; }
.text { margin: .15rem 0 0; overflow-wrap: anywhere; white-space: pre-wrap; }
.translation { margin: .15rem 0 0; color: var(--muted); font-style: italic; overflow-wrap: anywhere; white-space: pre-wrap; }
.empty { color: var(--muted); }
footer { border-top: 1px solid var(--line); margin-top: 2rem; padding-top: 1rem; color: var(--muted); font-size: .875rem; }
@media (max-width: 30rem) { body { font-size: 1rem; } main { padding: 1.25rem 1rem 2rem; } h1 { font-size: 1.4rem; } }
@media print { .downloads { display: none; } main { max-width: none; } a { color: inherit; } }
`;

/** `'sha256-<base64>'` of the exact text inside the page's <style> element. */
export const PAGE_STYLE_SOURCE = `'sha256-${createHash('sha256').update(PAGE_STYLE, 'utf8').digest('base64')}'`;

/**
 * The Content-Security-Policy the page is written for: nothing may load or run but the one inline
 * style (no script, image, font, frame, form target or base URL), and no site may frame it.
 */
export const PAGE_CSP = `default-src 'none'; style-src ${PAGE_STYLE_SOURCE}; img-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

/** The downloads the page links to, under `<base path>/download/<format>`. */
export const PAGE_DOWNLOADS = [
  { format: 'text', label: 'Text (.txt)' },
  { format: 'srt', label: 'Subtitles (.srt)' },
  { format: 'vtt', label: 'WebVTT (.vtt)' },
  { format: 'json', label: 'JSON' },
] as const;

/** `HH:MM:SS` of a time in seconds, truncated to the second (hours grow past 99 if they must): the exporters' wall time. */
export function clockTime(seconds: number): string {
  return wallTime(toMillis(seconds));
}

/** A valid HTML duration string for a <time datetime>: `PT<seconds>S`, millisecond precision. */
export function durationAttribute(seconds: number): string {
  return `PT${Math.max(0, toMillis(seconds)) / 1000}S`;
}

const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });

/** `English (en)`; the tag alone when it names nothing known; `Unknown` for `und`. */
export function languageLabel(tag: string): string {
  if (tag.toLowerCase() === 'und') return 'Unknown';
  let name: string | undefined;
  try {
    name = languageNames.of(tag);
  } catch {
    name = undefined;
  }
  return name && name !== tag ? `${name} (${tag})` : tag;
}

export interface SharePageInput {
  transcript: Transcript;
  /** The title shown in <title> and <h1> (already chosen: the share's, else the artifact's). */
  title: string;
  /** Prefix of the download links, as checked by `checkBasePath` (no trailing slash). */
  basePath: string;
}

/**
 * The page as one string. Built as an array of parts joined once, so a three-hour transcript
 * (3,000 segments, 30,000 words) costs a few milliseconds, never quadratic concatenation.
 */
export function renderSharePage({ transcript, title, basePath }: SharePageInput): string {
  const t = transcript;
  const out: string[] = [];
  const safeTitle = escapeHtml(title);
  const speakerNames = new Map<string, string>();
  for (const speaker of t.speakers) speakerNames.set(speaker.id, speaker.name ?? speaker.label);
  const translated = new Map<string, string>();
  if (t.translation) for (const segment of t.translation.segments) translated.set(segment.id, segment.text);
  const translationLang = t.translation ? escapeHtml(t.translation.language) : '';

  out.push(
    '<!DOCTYPE html>\n',
    `<html lang="${escapeHtml(t.language)}">\n<head>\n`,
    '<meta charset="utf-8">\n',
    '<meta name="viewport" content="width=device-width, initial-scale=1">\n',
    '<meta name="robots" content="noindex">\n',
    '<meta name="referrer" content="no-referrer">\n',
    '<meta name="color-scheme" content="light dark">\n',
    `<title>${safeTitle}</title>\n`,
    `<style>${PAGE_STYLE}</style>\n`,
    '</head>\n<body>\n<main>\n<header>\n',
    `<h1>${safeTitle}</h1>\n`,
    '<dl class="facts">\n',
    `<div><dt>Language</dt><dd>${escapeHtml(languageLabel(t.language))}</dd></div>\n`,
    `<div><dt>Duration</dt><dd><time datetime="${durationAttribute(t.duration)}">${clockTime(t.duration)}</time></dd></div>\n`,
    t.translation
      ? `<div><dt>Translation</dt><dd>${escapeHtml(languageLabel(t.translation.language))}</dd></div>\n`
      : '',
    '</dl>\n',
  );

  if (t.speakers.length > 0) {
    out.push('<h2>Speakers</h2>\n<ul class="speakers">\n');
    for (const speaker of t.speakers) {
      out.push('<li>', escapeHtml(speaker.name ?? speaker.label));
      if (speaker.name !== null && speaker.name !== speaker.label)
        out.push(' <span class="label">(', escapeHtml(speaker.label), ')</span>');
      out.push('</li>\n');
    }
    out.push('</ul>\n');
  }

  out.push('<nav class="downloads" aria-label="Downloads">\n');
  for (const { format, label } of PAGE_DOWNLOADS) {
    out.push(`<a href="${escapeHtml(`${basePath}/download/${format}`)}" rel="nofollow">${label}</a>\n`);
  }
  out.push('</nav>\n</header>\n<section class="transcript" aria-label="Transcript">\n');

  if (t.segments.length === 0) out.push('<p class="empty">This transcript has no text.</p>\n');
  t.segments.forEach((segment, i) => {
    const anchor = `t${i + 1}`;
    out.push(
      `<div class="segment" id="${anchor}">\n`,
      `<p class="when"><a href="#${anchor}"><time datetime="${durationAttribute(segment.start)}">${clockTime(segment.start)}</time></a>`,
    );
    const speaker = segment.speaker === null ? undefined : speakerNames.get(segment.speaker);
    if (speaker !== undefined) out.push(`<span class="speaker">${escapeHtml(speaker)}</span>`);
    out.push('</p>\n', `<p class="text">${escapeHtml(segment.text)}</p>\n`);
    const translation = translated.get(segment.id);
    if (translation !== undefined)
      out.push(`<p class="translation" lang="${translationLang}">${escapeHtml(translation)}</p>\n`);
    out.push('</div>\n');
  });

  out.push(
    '</section>\n',
    '<footer>\n<p>A transcript shared with a public link. Times are from the start of the recording.</p>\n</footer>\n',
    '</main>\n</body>\n</html>\n',
  );
  return out.join('');
}
