import { ExportOptionsError, type ExportFormat } from './options.ts';

/** The file extension (without the dot) and content type of each format. */
export const EXPORT_FILE_TYPES: Readonly<Record<ExportFormat, { extension: string; contentType: string }>> =
  Object.freeze({
    text: { extension: 'txt', contentType: 'text/plain; charset=utf-8' },
    json: { extension: 'json', contentType: 'application/json; charset=utf-8' },
    srt: { extension: 'srt', contentType: 'application/x-subrip; charset=utf-8' },
    vtt: { extension: 'vtt', contentType: 'text/vtt; charset=utf-8' },
  });

const MAX_BASE_LENGTH = 100;
/** Letters NFKD does not take apart. */
const LETTERS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'Th',
  ı: 'i',
};
const MEDIA_EXTENSION =
  /\.(?:3gp|aac|aiff?|amr|avi|flac|json|m4a|m4v|mkv|mov|mp3|mp4|mpe?g|oga|ogg|opus|srt|txt|vtt|wav|webm|wma|wmv)$/i;
const WINDOWS_DEVICE = /^(?:con|prn|aux|nul|com[0-9]|lpt[0-9])(?:\..*)?$/i;

/**
 * A safe download name for a transcript titled `title`: ASCII letters and digits, space, `.`, `_` and `-` only
 * (accents dropped: `Café` → `Cafe`; anything else, path separators, quotes and control characters included,
 * becomes a space), a trailing media extension dropped (`talk.mp4` → `talk.srt`), no leading `.` or `-`, no
 * trailing `.` or space, at most 100 characters, not a Windows device name; `transcript` when nothing is left.
 * Then the format's extension.
 */
export function exportFileName(title: string | null | undefined, format: ExportFormat): string {
  const type = Object.hasOwn(EXPORT_FILE_TYPES, format) ? EXPORT_FILE_TYPES[format] : undefined;
  if (type === undefined)
    throw new ExportOptionsError('format', `Unknown export format ${JSON.stringify(String(format))}`);
  let base = typeof title === 'string' ? title : '';
  base = base
    .toWellFormed()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[ßæÆœŒøØłŁđĐðÐþÞı]/g, (c) => LETTERS[c]!)
    .replace(/[^A-Za-z0-9._ -]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim()
    .replace(MEDIA_EXTENSION, '');
  base = base
    .slice(0, MAX_BASE_LENGTH + 16)
    .replace(/^[. _-]+/, '')
    .slice(0, MAX_BASE_LENGTH)
    .replace(/[. ]+$/, '');
  if (WINDOWS_DEVICE.test(base)) base = `${base}_`;
  return `${base === '' ? 'transcript' : base}.${type.extension}`;
}
