import { useId } from 'react';
import type { Transcript } from '../api/schema.ts';
import type { Edits } from '../transcripts.ts';

/** A name field per speaker of the version; an empty name goes back to the speaker's label. */
export function SpeakerNames(props: {
  base: Transcript;
  edits: Edits;
  onEdit: (kind: 'speakers', key: string, value: string, original: string) => void;
}) {
  const id = useId();
  if (props.base.speakers.length === 0) return null;
  return (
    <fieldset className="speakers">
      <legend>Speakers</legend>
      {props.base.speakers.map((speaker) => (
        <div key={speaker.id} className="speaker">
          <label htmlFor={`${id}-${speaker.id}`}>Name of {speaker.label}</label>
          <input
            id={`${id}-${speaker.id}`}
            type="text"
            placeholder={speaker.label}
            value={props.edits.speakers[speaker.id] ?? speaker.name ?? ''}
            onChange={(e) => props.onEdit('speakers', speaker.id, e.target.value, speaker.name ?? '')}
          />
        </div>
      ))}
    </fieldset>
  );
}
