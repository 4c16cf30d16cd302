/**
 * Exporters: pure functions of (transcript, options), shared by the jobs service's export, the gateway's stateless
 * format endpoint and the share page.
 *
 * - text: one paragraph per segment, never merged (`plain.ts`).
 * - json: the canonical form, pretty or compact, word timings optional (`json.ts`).
 * - srt / vtt: the same cues (`cues.ts`): words of one segment, at most `maxCharsPerEntry` characters with the
 *   visible `Name: ` prefix counted (in VTT too, where the cue is also a `<v Name>` voice span, which players do not
 *   show), two lines past 42 characters. SRT text is neutralized with look-alikes (`srt.ts`), VTT text escaped
 *   (`vtt.ts`). Karaoke: one entry per word, the current word in `<font color="#rrggbb">` (SRT) or `<c.colour><b>`
 *   (VTT).
 * - `text: 'translation'`: every format shows the translation where a segment has one (`translation.ts`).
 */
import type { Transcript } from '../schema.ts';
import { EXPORT_FILE_TYPES } from './filename.ts';
import { writeJson } from './json.ts';
import { resolveExportOptions, type ExportFormat, type ExportOptions } from './options.ts';
import { writeText } from './plain.ts';
import { writeSrt } from './srt.ts';
import { translatedTranscript } from './translation.ts';
import { writeVtt } from './vtt.ts';

export interface ExportResult {
  content: string;
  contentType: string;
  /** Without the dot: `txt`, `json`, `srt`, `vtt`. */
  extension: string;
}

/**
 * The transcript in `options.format`; options left out (or `undefined`) take `DEFAULT_EXPORT_OPTIONS`. A pure
 * function of its arguments. Throws `ExportOptionsError` (a `RangeError`) for an invalid option, whether or not the
 * format uses it, and (option `text`) for `text: 'translation'` of a transcript without a translation. Meant for a
 * transcript `validateTranscript` accepted; cue timing stays ordered whatever it gets.
 */
export function exportTranscript(
  transcript: Transcript,
  options: Partial<ExportOptions> & { format: ExportFormat },
): ExportResult {
  const o = resolveExportOptions(options);
  const { extension, contentType } = EXPORT_FILE_TYPES[o.format];
  const shown = o.text === 'translation' ? translatedTranscript(transcript) : transcript;
  let content: string;
  switch (o.format) {
    case 'text':
      content = writeText(shown, o);
      break;
    case 'json':
      content = writeJson(shown, o);
      break;
    case 'srt':
      content = writeSrt(shown, o);
      break;
    case 'vtt':
      content = writeVtt(shown, o);
      break;
  }
  return { content, contentType, extension };
}
