import { type FormEvent, useId, useState } from 'react';
import { MAX_LENGTHS } from '../api/limits.ts';
import type { CreateShareRequest, Share } from '../api/schema.ts';
import { useCreateShare } from '../api/shares.ts';
import type { NamedTranscript } from '../shares.ts';
import { type Expiry, ExpiryFields, expiryInstant } from './ExpiryFields.tsx';
import { ErrorMessage } from './Status.tsx';

interface ShareChoices {
  transcript: NamedTranscript;
  title: string;
  pinned: boolean;
  expiry: Expiry;
  date: string;
}

/** The request of POST /shares: a transcript for everyone who has the link. */
export function shareRequest({ transcript, title, pinned, expiry, date }: ShareChoices): CreateShareRequest {
  return {
    share_kind: 'transcript',
    artifact_id: transcript.artifact.artifact_id,
    access_scope: 'everyone',
    ...(title.trim() ? { title: title.trim() } : {}),
    target_version_id: pinned ? transcript.artifact.current_version_id : null,
    expires_at: expiryInstant(expiry, date),
  };
}

/** `chosen`: the transcript to start on (a transcript page's Share link names it), else the newest. */
export function CreateShareForm(props: {
  transcripts: NamedTranscript[];
  chosen?: string | null;
  onCreated: (share: Share) => void;
}) {
  const ids = useId();
  const [artifactId, setArtifactId] = useState(props.chosen ?? '');
  const [title, setTitle] = useState('');
  const [pinned, setPinned] = useState(false);
  const [expiry, setExpiry] = useState<Expiry>('never');
  const [date, setDate] = useState('');
  const transcript = props.transcripts.find((t) => t.artifact.artifact_id === artifactId) ?? props.transcripts[0];
  const create = useCreateShare((share) => {
    setTitle('');
    props.onCreated(share);
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (transcript) create.mutate(shareRequest({ transcript, title, pinned, expiry, date }));
  };
  if (props.transcripts.length === 0)
    return <p className="muted">No transcripts yet: a finished transcription job makes one.</p>;
  return (
    <form onSubmit={submit} className="stack card" aria-label="Share a transcript">
      <h2>Share a transcript</h2>
      <label htmlFor={`${ids}-transcript`}>Transcript</label>
      <select
        id={`${ids}-transcript`}
        value={transcript?.artifact.artifact_id}
        onChange={(e) => setArtifactId(e.target.value)}
      >
        {props.transcripts.map((t) => (
          <option key={t.artifact.artifact_id} value={t.artifact.artifact_id}>
            {t.name}
          </option>
        ))}
      </select>
      <label htmlFor={`${ids}-title`}>
        Title on the page <span className="hint">(optional: the transcript’s title otherwise)</span>
      </label>
      <input
        id={`${ids}-title`}
        maxLength={MAX_LENGTHS.shareTitle}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
      />
      <label className="choice">
        <input type="checkbox" checked={pinned} onChange={(e) => setPinned(e.target.checked)} />
        <span>
          Share this version only <span className="hint">Later edits do not show on the link.</span>
        </span>
      </label>
      <ExpiryFields ids={ids} expiry={expiry} date={date} onExpiryChange={setExpiry} onDateChange={setDate} />
      {create.isError && <ErrorMessage error={create.error} />}
      <button type="submit" disabled={create.isPending || !transcript}>
        {create.isPending ? 'Creating the link…' : 'Create link'}
      </button>
    </form>
  );
}
