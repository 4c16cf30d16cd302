import { type FormEvent, useId, useState } from 'react';
import { useAppExperience } from '../api/account.ts';
import { mightPass } from '../api/errors.ts';
import { useCreateJob, useModels } from '../api/jobs.ts';
import { useMediaList } from '../api/media.ts';
import type { CreateJobRequest, MediaAsset, Model } from '../api/schema.ts';
import { chooseMedia, jobInput, MAX_BATCH_ITEMS } from '../batch.ts';
import { unavailableReason } from '../jobs.ts';
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
                {reason ??
                  `${model.description} ${model.credits_per_hour} ${model.credits_per_hour === 1 ? 'credit' : 'credits'} per hour of audio.`}
              </span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}

function MediaChoices(props: { ready: MediaAsset[]; chosen: string[]; onChange: (chosen: string[]) => void }) {
  const order = props.ready.map((m) => m.media_id);
  const full = props.chosen.length >= MAX_BATCH_ITEMS;
  return (
    <fieldset className="media-choices">
      <legend>Media</legend>
      <p className="hint">
        Choose one, or several for one batch job (up to {MAX_BATCH_ITEMS}). {props.chosen.length} chosen.
      </p>
      {props.ready.map((m) => {
        const checked = props.chosen.includes(m.media_id);
        return (
          <label key={m.media_id} className="choice">
            <input
              type="checkbox"
              value={m.media_id}
              checked={checked}
              disabled={full && !checked}
              onChange={(e) => props.onChange(chooseMedia(props.chosen, order, m.media_id, e.target.checked))}
            />
            <span>{m.file_name}</span>
          </label>
        );
      })}
    </fieldset>
  );
}

/**
 * POST /jobs: one media, or several as one batch job, a profile and the options that profile serves
 * here. Each submission has its own Idempotency-Key; "Try again" after a failure sends the same one,
 * so a request that did reach the API does not start a second job.
 */
export function CreateJobForm() {
  const ids = useId();
  const media = useMediaList();
  const models = useModels();
  const [mediaIds, setMediaIds] = useState<string[]>([]);
  const [profile, setProfile] = useState('');
  const [choices, setChoices] = useState<JobChoices>(NO_CHOICES);
  const ready = (media.data ?? []).filter((m) => m.status === 'ready');
  const selectable = (models.data ?? []).filter((m) => unavailableReason(m) === null);
  // What the person picked, else the profile their preferences start new jobs with, else the first.
  const preferred = useAppExperience().data?.default_profile;
  const chosenProfile =
    selectable.find((m) => m.id === profile) ?? selectable.find((m) => m.id === preferred) ?? selectable[0];
  const chosen = mediaIds.filter((id) => ready.some((m) => m.media_id === id));
  const create = useCreateJob();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosenProfile) return;
    create.mutate({
      key: crypto.randomUUID(),
      body: {
        type: 'transcription',
        execution_mode: 'cloud',
        input: jobInput(chosen),
        // A profile of GET /models: one of the names the document lists.
        profile: chosenProfile.id as CreateJobRequest['profile'],
        options: jobOptions(chosenProfile, choices),
      },
    });
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
        <MediaChoices ready={ready} chosen={chosen} onChange={setMediaIds} />
      )}
      <ProfileChoices ids={ids} models={models.data} profile={chosenProfile?.id ?? ''} onChange={setProfile} />
      <JobOptionsFields ids={ids} model={chosenProfile} choices={choices} onChange={setChoices} />
      {create.isError && (
        <ErrorMessage
          error={create.error}
          retry={mightPass(create.error) ? () => create.mutate(create.variables!) : undefined}
        />
      )}
      {create.isSuccess && (
        <p role="status" className="muted">
          Started “{create.data.title}”.
        </p>
      )}
      <button type="submit" disabled={create.isPending || chosen.length === 0 || !chosenProfile}>
        {create.isPending ? 'Starting…' : chosen.length > 1 ? `Start batch of ${chosen.length}` : 'Start transcription'}
      </button>
    </form>
  );
}
