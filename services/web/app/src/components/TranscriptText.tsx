import { type KeyboardEvent, memo, useMemo, useState } from 'react';
import { useAppExperience } from '../api/account.ts';
import type { Transcript, TranscriptSegment } from '../api/schema.ts';
import { type Edits, formatTime, speakerName, wordAt, wordKey } from '../transcripts.ts';

interface TextProps {
  /** The version being edited, and the same with the edits applied. */
  base: Transcript;
  shown: Transcript;
  editing: boolean;
  time: number;
  onSeek: (seconds: number) => void;
  onEdit: (kind: 'words' | 'segments', key: string, value: string, original: string) => void;
  edits: Edits;
}

/** Where each word is: its segment and index, in the order they are spoken. */
function wordPlaces(transcript: Transcript) {
  return transcript.segments.flatMap((segment) =>
    segment.words.map((word, index) => ({ segmentId: segment.id, index, start: word.start, end: word.end })),
  );
}

/**
 * Where each segment's buttons start among all the word buttons (`starts[i]` to `starts[i + 1]`;
 * a segment without words is one button), and how many there are.
 */
function wordButtons(transcript: Transcript): { starts: number[]; count: number } {
  let count = 0;
  const starts = transcript.segments.map((segment) => {
    const first = count;
    count += Math.max(1, segment.words.length);
    return first;
  });
  return { starts, count };
}

/** The key that moves the focus among the words, and where to: the next or previous word, the first or the last. */
function step(key: string, at: number, count: number): number | null {
  if (key === 'ArrowRight' || key === 'ArrowDown') return Math.min(count - 1, at + 1);
  if (key === 'ArrowLeft' || key === 'ArrowUp') return Math.max(0, at - 1);
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/** Segment i's button that is the Tab stop, or -1 (so that only the segments it leaves or enters redraw). */
function tabStopIn(focused: number, buttons: { starts: number[]; count: number }, i: number): number {
  const first = buttons.starts[i]!;
  return focused >= first && focused < (buttons.starts[i + 1] ?? buttons.count) ? focused - first : -1;
}

/**
 * The words as one stop of the Tab key (a roving tabindex): a transcript has thousands of words, so
 * the arrow keys (and Home, End) move among them, and Tab leaves for what comes after.
 */
function useRovingWords(count: number) {
  const [focused, setFocused] = useState(0);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const at = Number((event.target as HTMLElement).dataset.word);
    if (Number.isNaN(at)) return;
    const to = step(event.key, at, count);
    if (to === null) return;
    event.preventDefault();
    setFocused(to);
    event.currentTarget.querySelector<HTMLElement>(`[data-word="${to}"]`)?.focus();
  };
  return { focused: Math.min(focused, Math.max(0, count - 1)), setFocused, onKeyDown };
}

/** The transcript, segment by segment: words to click (seek) with the spoken one marked, or fields to edit. */
export function TranscriptText(props: TextProps) {
  const places = useMemo(() => wordPlaces(props.shown), [props.shown]);
  const buttons = useMemo(() => wordButtons(props.shown), [props.shown]);
  const roving = useRovingWords(buttons.count);
  const spoken = places[wordAt(places, props.time)];
  const names = new Map(props.shown.speakers.map((s) => [s.id, speakerName(s)]));
  const showTimes = useAppExperience().data?.show_timestamps ?? true;
  if (props.shown.segments.length === 0) return <p className="muted">This transcript has no text.</p>;
  return (
    <ol className="segments" aria-label="Transcript" onKeyDown={props.editing ? undefined : roving.onKeyDown}>
      {props.shown.segments.map((segment, i) => (
        <li key={segment.id} className="segment">
          <p className="segment-head small">
            <span>{segment.speaker ? (names.get(segment.speaker) ?? segment.speaker) : 'Unattributed'}</span>{' '}
            {showTimes && <span className="muted">{formatTime(segment.start)}</span>}
          </p>
          {props.editing ? (
            <SegmentFields segment={segment} original={props.base.segments[i]!} {...props} />
          ) : (
            <SegmentWords
              segment={segment}
              spoken={spoken?.segmentId === segment.id ? spoken.index : -1}
              first={buttons.starts[i]!}
              tabStop={tabStopIn(roving.focused, buttons, i)}
              onFocusWord={roving.setFocused}
              onSeek={props.onSeek}
            />
          )}
        </li>
      ))}
    </ol>
  );
}

/** A segment's words; redrawn only when its own spoken word changes (playback moves many times a second). */
const SegmentWords = memo(function SegmentWords(props: {
  segment: TranscriptSegment;
  /** The index of the word being spoken, -1 when it is in another segment. */
  spoken: number;
  /** The index of the segment's first word among all the words (the buttons' data-word). */
  first: number;
  /** Which of its words is the words' one Tab stop (-1: none of them). */
  tabStop: number;
  onFocusWord: (word: number) => void;
  onSeek: (s: number) => void;
}) {
  const { segment, first } = props;
  const stop = (index: number) => ({
    'data-word': first + index,
    tabIndex: props.tabStop === index ? 0 : -1,
    onFocus: () => props.onFocusWord(first + index),
  });
  if (segment.words.length === 0)
    return (
      <p>
        <button type="button" className="word" {...stop(0)} onClick={() => props.onSeek(segment.start)}>
          {segment.text}
        </button>
      </p>
    );
  return (
    <p>
      {segment.words.map((word, index) => {
        const current = props.spoken === index;
        return (
          <button
            key={index}
            type="button"
            className={current ? 'word current' : 'word'}
            aria-current={current ? 'true' : undefined}
            {...stop(index)}
            onClick={() => props.onSeek(word.start)}
          >
            {word.text}
          </button>
        );
      })}
    </p>
  );
});

function SegmentFields(props: TextProps & { segment: TranscriptSegment; original: TranscriptSegment }) {
  const { segment, original } = props;
  const at = formatTime(segment.start);
  if (original.words.length === 0)
    return (
      <input
        type="text"
        aria-label={`Text of the segment at ${at}`}
        value={props.edits.segments[segment.id] ?? segment.text}
        onChange={(e) => props.onEdit('segments', segment.id, e.target.value, original.text)}
      />
    );
  return (
    <p className="word-fields">
      {original.words.map((word, index) => {
        const key = wordKey(segment.id, index);
        const value = props.edits.words[key] ?? word.text;
        return (
          <input
            key={index}
            type="text"
            className="word-field"
            size={Math.max(3, value.length + 1)}
            aria-label={`Word “${word.text}” at ${formatTime(word.start)}`}
            aria-invalid={!value.trim() || undefined}
            value={value}
            onFocus={() => props.onSeek(word.start)}
            onChange={(e) => props.onEdit('words', key, e.target.value, word.text)}
          />
        );
      })}
    </p>
  );
}
