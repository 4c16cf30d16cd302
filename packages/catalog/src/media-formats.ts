// The containers the platform reads: media verification (ffprobe) and the worker's decode
// (ffmpeg) open a file with these demuxers only.

/**
 * Demuxers ffprobe and ffmpeg may use. Playlist and network demuxers (hls, dash, concat, sdp,
 * rtsp, …) are left out: they would make a service fetch whatever URLs an uploaded file lists
 * (SSRF).
 */
export const ALLOWED_DEMUXERS = [
  'aac',
  'ac3',
  'aiff',
  'amr',
  'amrnb',
  'amrwb',
  'ape',
  'asf',
  'au',
  'avi',
  'caf',
  'dts',
  'eac3',
  'flac',
  'flv',
  'gsm',
  'loas',
  'matroska',
  'mlp',
  'mov',
  'mp3',
  'mpc',
  'mpc8',
  'mpeg',
  'mpegts',
  'mxf',
  'nut',
  'ogg',
  'oma',
  'rm',
  'truehd',
  'tta',
  'voc',
  'w64',
  'wav',
  'wv',
  'xwma',
  'dsf',
  'mpegvideo',
  'h264',
  'hevc',
  'm4v',
  'ivf',
] as const;

/** Channels of a media's audio: its widest audio stream, the one the decoder picks; 0 without audio. */
export function audioChannels(streams: readonly { type: string; channels: number }[]): number {
  return streams.filter((s) => s.type === 'audio').reduce((most, s) => Math.max(most, s.channels), 0);
}
