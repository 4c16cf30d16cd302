import type { Transcript, TranscriptSpeaker } from '../schema.ts';
import { findSpeakerNames } from './find-names.ts';

/** A name a user gave: marked `user`, or set before sources were recorded (only users set names then). */
function isUserName(speaker: TranscriptSpeaker): speaker is TranscriptSpeaker & { name: string } {
  return speaker.name !== null && (speaker.name_source == null || speaker.name_source === 'user');
}

/** Speaker ids in order of their first segment, then those without segments in the order declared. */
function appearanceOrder(t: Transcript): string[] {
  const order = new Set<string>();
  for (const segment of t.segments) if (segment.speaker !== null) order.add(segment.speaker);
  for (const speaker of t.speakers) order.add(speaker.id);
  return [...order];
}

/**
 * The transcript with its speakers named from the speech (`findSpeakerNames`): a name found is set with its
 * `name_source` (`self_introduction` or `addressed`); names a user gave are kept, and no one else gets them; names
 * found by an earlier run are found again or cleared, so running it twice changes nothing. Speakers left without a
 * name are labelled `Speaker 1`, `Speaker 2`, … in the order they first speak. Ids, segments and words are unchanged;
 * a new object, the input is not modified.
 */
export function nameSpeakers(t: Transcript): Transcript {
  const named = new Map(t.speakers.filter(isUserName).map((s) => [s.id, s.name] as const));
  const found = findSpeakerNames(
    t.segments.map((s) => ({ speaker: s.speaker, text: s.text })),
    { named },
  );
  const speakers = new Map<string, TranscriptSpeaker>();
  for (const speaker of t.speakers) {
    const name = found.get(speaker.id);
    if (isUserName(speaker)) speakers.set(speaker.id, { ...speaker });
    else if (name !== undefined)
      speakers.set(speaker.id, { id: speaker.id, label: speaker.label, name: name.name, name_source: name.source });
    else speakers.set(speaker.id, { id: speaker.id, label: speaker.label, name: null });
  }
  let unnamed = 0;
  for (const id of appearanceOrder(t)) {
    const speaker = speakers.get(id);
    if (speaker !== undefined && speaker.name === null) speaker.label = `Speaker ${++unnamed}`;
  }
  return { ...t, speakers: t.speakers.map((s) => speakers.get(s.id)!) };
}
