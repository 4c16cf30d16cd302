/** ISO base media (MP4, M4A, MOV, 3GP) top-level boxes that may come before the index or the data. */
const ISO_BOXES = new Set(['ftyp', 'moov', 'mdat', 'free', 'skip', 'wide', 'pnot', 'uuid', 'styp', 'sidx', 'moof']);

/**
 * Whether ffmpeg needs to seek to decode these bytes: an ISO base media file whose index (`moov`)
 * comes after its data (`mdat`), as most encoders write it unless told to "fast start". Through a
 * pipe ffmpeg would have read past the data before learning where the samples are.
 */
export function needsSeekableInput(bytes: Buffer): boolean {
  let offset = 0;
  while (offset + 8 <= bytes.length) {
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    if (!ISO_BOXES.has(type)) return false;
    if (type === 'moov') return false;
    if (type === 'mdat') return true;
    let size = bytes.readUInt32BE(offset);
    if (size === 1) {
      if (offset + 16 > bytes.length) return false;
      size = Number(bytes.readBigUInt64BE(offset + 8));
    }
    // 0: the box runs to the end of the file, so no moov follows; below 8: not a box.
    if (size < 8) return false;
    offset += size;
  }
  return false;
}
