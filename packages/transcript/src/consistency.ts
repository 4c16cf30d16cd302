import { TRANSCRIPT_LIMITS } from './limits.ts';
import { toMillis } from './time.ts';

type Path = (string | number)[];
type Report = (path: Path, message: string) => void;

interface Checked {
  duration: number;
  speakers: { id: string; name: string | null; name_source?: string | null | undefined }[];
  segments: CheckedSegment[];
  translation: { segments: { id: string }[] } | null;
}

interface CheckedSegment {
  id: string;
  start: number;
  end: number;
  speaker: string | null;
  words: { start: number; end: number; speaker: string | null }[];
}

/** What the checks of segments and words share. */
interface Rules {
  once: Report;
  /** The latest time allowed (ms): the duration and its tolerance. */
  limitMs: number;
  afterDuration(ms: number): string;
  checkSpeaker(path: Path, speaker: string | null): void;
}

const secondsText = (ms: number) => String(ms / 1000);

/**
 * The cross-field rules. Calls `report` at most once per location, in document order.
 * Exported for tests and for callers that build transcripts incrementally.
 */
export function checkTranscriptConsistency(t: Checked, report: Report): void {
  const reported = new Set<string>();
  const once: Report = (path, message) => {
    const key = path.join('\u0000');
    if (reported.has(key)) return;
    reported.add(key);
    report(path, message);
  };
  const limitMs = toMillis(t.duration) + TRANSCRIPT_LIMITS.durationToleranceMs;
  const afterDuration = (ms: number) =>
    `Input should be at most the duration (${secondsText(limitMs - TRANSCRIPT_LIMITS.durationToleranceMs)} s), got ${secondsText(ms)} s`;

  const speakerIds = new Set<string>();
  t.speakers.forEach((speaker, i) => {
    if (speakerIds.has(speaker.id)) once(['speakers', i, 'id'], `Duplicate speaker id "${speaker.id}"`);
    speakerIds.add(speaker.id);
    if (speaker.name === null && speaker.name_source != null)
      once(['speakers', i, 'name_source'], `A name_source ("${speaker.name_source}") needs a name; the name is null`);
  });
  const checkSpeaker = (path: Path, speaker: string | null) => {
    if (speaker !== null && !speakerIds.has(speaker))
      once(path, `Unknown speaker "${speaker}": not declared in speakers`);
  };

  const segmentIndex = checkSegments(t.segments, { once, limitMs, afterDuration, checkSpeaker });
  if (t.translation) checkTranslation(t.translation.segments, segmentIndex, once);
}

/** Segment ids, times, order and speakers, each segment followed by its words; answers where each id is. */
function checkSegments(segments: CheckedSegment[], rules: Rules): Map<string, number> {
  const { once } = rules;
  const segmentIndex = new Map<string, number>();
  let previousStart = 0;
  let previousEnd = 0;
  segments.forEach((segment, i) => {
    const at = (...rest: Path): Path => ['segments', i, ...rest];
    if (segmentIndex.has(segment.id)) once(at('id'), `Duplicate segment id "${segment.id}"`);
    else segmentIndex.set(segment.id, i);

    const start = toMillis(segment.start);
    const end = toMillis(segment.end);
    if (end < start) once(at('end'), `Segment ends (${secondsText(end)} s) before it starts (${secondsText(start)} s)`);
    if (i > 0) checkOrder('Segment', at('start'), start, previousStart, previousEnd, once);
    checkWithinDuration(at, start, end, rules);
    rules.checkSpeaker(at('speaker'), segment.speaker);
    previousStart = start;
    previousEnd = Math.max(start, end);

    checkWords(segment, at, start, end, rules);
  });
  return segmentIndex;
}

/** The words of one segment: inside it, ordered, not overlapping, with declared speakers. */
function checkWords(
  segment: CheckedSegment,
  at: (...rest: Path) => Path,
  start: number,
  end: number,
  rules: Rules,
): void {
  const { once } = rules;
  let previousWordStart = 0;
  let previousWordEnd = 0;
  segment.words.forEach((word, j) => {
    const w = (field: string): Path => at('words', j, field);
    const wordStart = toMillis(word.start);
    const wordEnd = toMillis(word.end);
    if (wordEnd < wordStart)
      once(w('end'), `Word ends (${secondsText(wordEnd)} s) before it starts (${secondsText(wordStart)} s)`);
    if (wordStart < start)
      once(w('start'), `Word starts (${secondsText(wordStart)} s) before its segment (${secondsText(start)} s)`);
    if (wordEnd > end)
      once(w('end'), `Word ends (${secondsText(wordEnd)} s) after its segment (${secondsText(end)} s)`);
    if (j > 0) checkOrder('Word', w('start'), wordStart, previousWordStart, previousWordEnd, once);
    checkWithinDuration(w, wordStart, wordEnd, rules);
    rules.checkSpeaker(w('speaker'), word.speaker);
    previousWordStart = wordStart;
    previousWordEnd = Math.max(wordStart, wordEnd);
  });
}

/** A segment or word starts at or after the start and the end of the one before it. */
function checkOrder(
  noun: 'Segment' | 'Word',
  path: Path,
  start: number,
  previousStart: number,
  previousEnd: number,
  once: Report,
): void {
  if (start < previousStart)
    once(
      path,
      `${noun}s must be ordered by start: this one starts (${secondsText(start)} s) before the previous one (${secondsText(previousStart)} s)`,
    );
  else if (start < previousEnd)
    once(
      path,
      `${noun} overlaps the previous one: starts at ${secondsText(start)} s, before it ends at ${secondsText(previousEnd)} s`,
    );
}

function checkWithinDuration(at: (field: string) => Path, start: number, end: number, rules: Rules): void {
  if (start > rules.limitMs) rules.once(at('start'), rules.afterDuration(start));
  if (end > rules.limitMs) rules.once(at('end'), rules.afterDuration(end));
}

/** Translated segments name existing segments, once each, in the order of the segments. */
function checkTranslation(translated: { id: string }[], segmentIndex: Map<string, number>, once: Report): void {
  const seen = new Set<string>();
  let previousIndex = -1;
  translated.forEach((segment, k) => {
    const path: Path = ['translation', 'segments', k, 'id'];
    const index = segmentIndex.get(segment.id);
    if (index === undefined) once(path, `Unknown segment id "${segment.id}"`);
    else if (seen.has(segment.id)) once(path, `Duplicate translation of segment "${segment.id}"`);
    else if (index < previousIndex)
      once(
        path,
        `Translation segments must follow the order of the segments: "${segment.id}" comes before the previous one`,
      );
    seen.add(segment.id);
    if (index !== undefined) previousIndex = Math.max(previousIndex, index);
  });
}
