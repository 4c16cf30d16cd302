import { addressAtTurnEnd, addressAtTurnStart, selfIntroductions } from './patterns.ts';
import { tokenize } from './tokens.ts';

/** How a name found in the speech was found; `user` names are never found, only kept. */
export type FoundNameSource = 'self_introduction' | 'addressed';

/** What `findSpeakerNames` reads of a segment: who spoke (null: unknown) and what was said. */
export interface SpokenText {
  speaker: string | null;
  text: string;
}

export interface FoundSpeakerName {
  name: string;
  source: FoundNameSource;
}

export interface FindSpeakerNamesOptions {
  /** Speakers named already (by a user), by id: they get no found name, and their names go to no one else. */
  named?: ReadonlyMap<string, string>;
}

interface Candidate {
  speaker: string;
  name: string;
  /** 2 when the speaker said it (self-introduction), 1 when another speaker did (address). */
  rank: number;
  count: number;
  /** The index of the segment where it was first said. */
  first: number;
}

const RANK: Record<FoundNameSource, number> = { self_introduction: 2, addressed: 1 };

/** Consecutive segments of one speaker, by the indexes of their first and last segments. */
function turnsOf(segments: readonly SpokenText[]): { speaker: string | null; first: number; last: number }[] {
  const turns: { speaker: string | null; first: number; last: number }[] = [];
  segments.forEach((segment, i) => {
    const current = turns.at(-1);
    if (current !== undefined && current.speaker === segment.speaker) current.last = i;
    else turns.push({ speaker: segment.speaker, first: i, last: i });
  });
  return turns;
}

/** Every name said for a speaker, with how and where. */
function collectEvidence(segments: readonly SpokenText[]): Map<string, Candidate> {
  const candidates = new Map<string, Candidate>();
  const tokenized = segments.map((s) => tokenize(s.text));
  const add = (speaker: string | null, name: string | null, source: FoundNameSource, at: number) => {
    if (speaker === null || name === null) return;
    const key = `${speaker}\u0000${name.toLowerCase()}`;
    const known = candidates.get(key);
    if (known === undefined) candidates.set(key, { speaker, name, rank: RANK[source], count: 1, first: at });
    else {
      known.rank = Math.max(known.rank, RANK[source]);
      known.count++;
    }
  };
  segments.forEach((segment, i) => {
    for (const name of selfIntroductions(tokenized[i]!)) add(segment.speaker, name, 'self_introduction', i);
  });
  const turns = turnsOf(segments);
  turns.forEach((turn, k) => {
    const previous = turns[k - 1];
    const next = turns[k + 1];
    if (previous) add(previous.speaker, addressAtTurnStart(tokenized[turn.first]!), 'addressed', turn.first);
    if (next) add(next.speaker, addressAtTurnEnd(tokenized[turn.last]!), 'addressed', turn.last);
  });
  return candidates;
}

/** Self-introduction before address, then the name said more often, then the one said first. */
function moreCertain(a: Candidate, b: Candidate): number {
  return b.rank - a.rank || b.count - a.count || a.first - b.first;
}

/**
 * The names speakers give themselves or are given, by speaker id. A self-introduction in the speaker's own segments
 * ("my name is Dana", "I'm Lee", "this is Dana speaking", "Dana here") wins over an address by another speaker
 * ("thanks, Dana" or "Dana, what do you think?" opening the next turn names the previous speaker; "over to you,
 * Dana" closing a turn names the next one). A speaker takes its most certain name (the most often said, then the
 * first said, within a kind); a name two speakers claim goes to the more certain claim only, and the other speaker
 * takes its next name, if any. Names are compared case-insensitively. A speaker with no name found is left out.
 */
export function findSpeakerNames(
  segments: readonly SpokenText[],
  options: FindSpeakerNamesOptions = {},
): Map<string, FoundSpeakerName> {
  const named = options.named ?? new Map<string, string>();
  const taken = new Set([...named.values()].map((name) => name.toLowerCase()));
  const found = new Map<string, FoundSpeakerName>();
  const candidates = [...collectEvidence(segments).values()].sort(moreCertain);
  for (const candidate of candidates) {
    const key = candidate.name.toLowerCase();
    if (named.has(candidate.speaker) || found.has(candidate.speaker) || taken.has(key)) continue;
    taken.add(key);
    found.set(candidate.speaker, {
      name: candidate.name,
      source: candidate.rank === RANK.self_introduction ? 'self_introduction' : 'addressed',
    });
  }
  return found;
}
