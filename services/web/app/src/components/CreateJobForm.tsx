import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { api } from '../api.ts';
import { JOBS, type Job, type MediaItem, type Model, unavailableReason } from '../jobs.ts';
import { JobOptionsFields, type JobChoices, jobOptions, NO_CHOICES } from './JobOptionsFields.tsx';
import { ErrorMessage, Loading } from './Status.tsx';

function ProfileChoices(props: { ids: string; models: Model[]; profile: string; onChange: (id: string) => void }) {
  return (
    <fieldset>
      <legend>Profile</legend>
      {props.models.map((model) => {
        const reason = unavailableReason(model);
        return (
          <label key={model.id} className="choice">
            <input
              type="radio"
              name={`${props.ids}-profile`}
              value={model.id}
              disabled={reason !== null}
              checked={props.profile === model.id}
              onChange={() => props.onChange(model.id)}
            />
            <span>
              {model.display_name}{' '}
              <span className="hint">
                {reason ?? `${model.description} ${model.credits_per_hour} credits per hour of audio.`}
              </span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}

/** POST /jobs: one media, a profile and the options that profile serves here. */
export function CreateJobForm() {
  const ids = useId();
  const queryClient = useQueryClient();
  const media = useQuery({ queryKey: ['media'], queryFn: () => api<MediaItem[]>('GET', '/media?limit=200') });
  const models = useQuery({ queryKey: ['models'], queryFn: () => api<Model[]>('GET', '/models') });
  const [mediaId, setMediaId] = useState('');
  const [profile, setProfile] = useState('');
  const [choices, setChoices] = useState<JobChoices>(NO_CHOICES);
  const ready = (media.data ?? []).filter((m) => m.status === 'ready');
  const selectable = (models.data ?? []).filter((m) => unavailableReason(m) === null);
  const chosenProfile = selectable.find((m) => m.id === profile) ?? selectable[0];
  const chosenMedia = ready.find((m) => m.media_id === mediaId) ?? ready[0];
  const create = useMutation({
    mutationFn: () =>
      api<Job>('POST', '/jobs', {
        type: 'transcription',
        input: { type: 'media_ref', media_id: chosenMedia?.media_id },
        profile: chosenProfile?.id,
        options: jobOptions(chosenProfile, choices),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: JOBS }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  if (media.isPending || models.isPending) return <Loading label="Loading media and profiles…" />;
  if (media.isError) return <ErrorMessage error={media.error} retry={() => media.refetch()} />;
  if (models.isError) return <ErrorMessage error={models.error} retry={() => models.refetch()} />;
  return (
    <form onSubmit={submit} className="stack card" aria-label="New transcription">
      <h2>New transcription</h2>
      {ready.length === 0 ? (
        <p className="muted">No media is ready yet: upload a file first.</p>
      ) : (
        <>
          <label htmlFor={`${ids}-media`}>Media</label>
          <select id={`${ids}-media`} value={chosenMedia?.media_id} onChange={(e) => setMediaId(e.target.value)}>
            {ready.map((m) => (
              <option key={m.media_id} value={m.media_id}>
                {m.file_name}
              </option>
            ))}
          </select>
        </>
      )}
      <ProfileChoices ids={ids} models={models.data} profile={chosenProfile?.id ?? ''} onChange={setProfile} />
      <JobOptionsFields ids={ids} model={chosenProfile} choices={choices} onChange={setChoices} />
      {create.isError && <ErrorMessage error={create.error} />}
      {create.isSuccess && (
        <p role="status" className="muted">
          Started “{create.data.title}”.
        </p>
      )}
      <button type="submit" disabled={create.isPending || !chosenMedia || !chosenProfile}>
        {create.isPending ? 'Starting…' : 'Start transcription'}
      </button>
    </form>
  );
}
