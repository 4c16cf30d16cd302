import type { Recognition, RecognizedWord } from '@tp/engines';

/** A stretch of words of one speaker (0-based index), or of nobody in particular (null). */
export interface SpeakerUtterance {
  speaker: number | null;
  words: RecognizedWord[];
}

/** The recognition's words in reading order. */
export function wordsOf(recognition: Recognition): RecognizedWord[] {
  return recognition.utterances.flatMap((u) => u.words);
}

/** The utterances as they are, nobody's. */
export function unattributed(recognition: Recognition): SpeakerUtterance[] {
  return recognition.utterances.map((u) => ({ speaker: null, words: u.words }));
}

/**
 * The utterances with a speaker, split where the speaker of their words changes: `wordSpeakers`
 * gives each word's speaker in reading order (`wordsOf`), so a turn boundary inside an utterance
 * (no pause between two people) becomes a segment boundary.
 */
export function splitBySpeaker(recognition: Recognition, wordSpeakers: readonly number[]): SpeakerUtterance[] {
  const split: SpeakerUtterance[] = [];
  let index = 0;
  for (const utterance of recognition.utterances) {
    let current: SpeakerUtterance | undefined;
    for (const word of utterance.words) {
      const speaker = wordSpeakers[index++] ?? null;
      if (current === undefined || current.speaker !== speaker) {
        current = { speaker, words: [] };
        split.push(current);
      }
      current.words.push(word);
    }
  }
  return split;
}

/**
 * Each channel's recognition as one speaker's (the channel's index), merged by time: the words of
 * every channel in order of their start, a new utterance wherever the next word comes from another
 * channel's utterance. People talking over each other give short alternating segments.
 */
export function mergeChannels(recognitions: readonly Recognition[]): SpeakerUtterance[] {
  const tagged = recognitions.flatMap((recognition, channel) =>
    recognition.utterances.flatMap((utterance, u) => utterance.words.map((word) => ({ word, channel, u }))),
  );
  tagged.sort((a, b) => a.word.start - b.word.start || a.channel - b.channel);
  const merged: SpeakerUtterance[] = [];
  let last: { channel: number; u: number } | undefined;
  for (const t of tagged) {
    if (last === undefined || last.channel !== t.channel || last.u !== t.u)
      merged.push({ speaker: t.channel, words: [] });
    merged.at(-1)!.words.push(t.word);
    last = t;
  }
  return merged;
}
