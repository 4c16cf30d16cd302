import { memo, useMemo } from 'react';
import { useAppExperience } from '../appExperience.ts';
import {
  type Edits,
  formatTime,
  speakerName,
  type Transcript,
  type TranscriptSegment,
  wordAt,
  wordKey,
} from '../transcripts.ts';

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

/** The transcript, segment by segment: words to click (seek) with the spoken one marked, or fields to edit. */
export function TranscriptText(props: TextProps) {
  const places = useMemo(() => wordPlaces(props.shown), [props.shown]);
  const spoken = places[wordAt(places, props.time)];
  const names = new Map(props.shown.speakers.map((s) => [s.id, speakerName(s)]));
  const showTimes = useAppExperience().data?.show_timestamps ?? true;
  if (props.shown.segments.length === 0) return <p className="muted">This transcript has no text.</p>;
  return (
    <ol className="segments" aria-label="Transcript">
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
  onSeek: (s: number) => void;
}) {
  const { segment } = props;
  if (segment.words.length === 0)
    return (
      <p>
        <button type="button" className="word" onClick={() => props.onSeek(segment.start)}>
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
