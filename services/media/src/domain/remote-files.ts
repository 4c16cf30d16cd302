/** What a fetched remote file is called and stored as: from the response's headers, else from the URL. */

const BY_EXTENSION: Record<string, string> = {
  aac: 'audio/aac',
  aif: 'audio/aiff',
  aiff: 'audio/aiff',
  amr: 'audio/amr',
  flac: 'audio/flac',
  m4a: 'audio/mp4',
  mkv: 'video/x-matroska',
  mov: 'video/quicktime',
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
  mpeg: 'video/mpeg',
  oga: 'audio/ogg',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  wav: 'audio/wav',
  weba: 'audio/webm',
  webm: 'video/webm',
  wma: 'audio/x-ms-wma',
};

/** The file name of a Content-Disposition header (`filename*` of RFC 6266/8187 first), or null. */
export function dispositionFileName(header: string | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^';]*)'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    try {
      const charset = (extended[1] ?? '').trim().toLowerCase();
      const value = (extended[2] ?? '').trim();
      if (charset === 'utf-8') return decodeURIComponent(value);
      if (charset === 'iso-8859-1')
        return value.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    } catch {
      // Fall back on the plain parameter.
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
  if (quoted) return (quoted[1] ?? '').replace(/\\(.)/g, '$1');
  const token = /filename\s*=\s*([^;\s"]+)/i.exec(header);
  return token ? (token[1] ?? null) : null;
}

/** The last non-empty segment of the URL's path, decoded; null when there is none. */
export function urlFileName(url: URL): string | null {
  const segment = url.pathname
    .split('/')
    .filter((part) => part !== '')
    .at(-1);
  if (!segment) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The name the media gets: Content-Disposition's, else the URL's last path segment, else
 * `download`. Whatever it is, it is cleaned like any file name (cleanFileName) afterwards.
 */
export function remoteFileName(url: URL, contentDisposition: string | undefined): string {
  const candidates = [dispositionFileName(contentDisposition), urlFileName(url)];
  return candidates.find((name) => name !== null && name.trim() !== '' && !/^\.+$/.test(name.trim())) ?? 'download';
}

/**
 * The Content-Type the media is stored with: the response's when it is audio/* or video/*
 * (servers often say application/octet-stream for media), else the file extension's, else
 * application/octet-stream; ffprobe decides what the bytes are either way.
 */
export function remoteContentType(responseType: string | undefined, fileName: string): string {
  const type = (responseType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (/^(audio|video)\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/.test(type)) return type;
  const extension = /\.([A-Za-z0-9]{1,8})$/.exec(fileName)?.[1]?.toLowerCase();
  return (extension && BY_EXTENSION[extension]) || 'application/octet-stream';
}
