/** Channels of a media's audio: its widest audio stream, the one ffmpeg decodes; 0 without audio. */
export function audioChannels(streams: readonly { type: string; channels: number }[]): number {
  return streams.filter((s) => s.type === 'audio').reduce((most, s) => Math.max(most, s.channels), 0);
}
