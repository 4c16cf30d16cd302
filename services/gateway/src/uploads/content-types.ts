import { extname } from 'node:path';

/** Media types by file extension, for clients (like curl -F) that send application/octet-stream. */
const BY_EXTENSION: Record<string, string> = {
  '.aac': 'audio/aac',
  '.aif': 'audio/aiff',
  '.aiff': 'audio/aiff',
  '.flac': 'audio/flac',
  '.m4a': 'audio/mp4',
  '.mka': 'audio/x-matroska',
  '.mkv': 'video/x-matroska',
  '.mov': 'video/quicktime',
  '.mp3': 'audio/mpeg',
  '.mp4': 'video/mp4',
  '.oga': 'audio/ogg',
  '.ogg': 'audio/ogg',
  '.opus': 'audio/opus',
  '.wav': 'audio/wav',
  '.weba': 'audio/webm',
  '.webm': 'video/webm',
};

/** The declared type when it names audio or video, else the one the file name implies. */
export function mediaTypeOf(declared: string, fileName: string): string {
  const type = declared.split(';')[0]!.trim().toLowerCase();
  if (type.startsWith('audio/') || type.startsWith('video/')) return type;
  return BY_EXTENSION[extname(fileName).toLowerCase()] ?? type;
}
