import { SPEAKERS } from '../api/limits.ts';
import type { JobOptions, Model } from '../api/schema.ts';
import { languageName } from '../jobs.ts';

export interface JobChoices {
  language: string;
  targetLanguage: string;
  diarization: boolean;
  speakers: string;
  channels: boolean;
}

export const NO_CHOICES: JobChoices = {
  language: 'auto',
  targetLanguage: '',
  diarization: false,
  speakers: '',
  channels: false,
};

/** The options of POST /jobs the profile serves here: what is not offered is left at its default. */
export function jobOptions(model: Model | undefined, choices: JobChoices): JobOptions {
  const caps = model?.capabilities;
  const language = caps?.languages.includes(choices.language) ? choices.language : 'auto';
  const target = caps?.translation && caps.translation_targets.includes(choices.targetLanguage);
  const diarization = Boolean(caps?.diarization && choices.diarization);
  const speakers = choices.speakers ? Number(choices.speakers) : null;
  return {
    language,
    target_language: target ? choices.targetLanguage : null,
    diarization: diarization ? { mode: 'regular', num_speakers: speakers, auto_speaker_names: false } : null,
    channel_speaker_separation: Boolean(caps?.channel_speaker_separation && choices.channels && !diarization),
    caption_burn: null,
  };
}

interface Props {
  ids: string;
  model: Model | undefined;
  choices: JobChoices;
  onChange: (next: JobChoices) => void;
}

export function JobOptionsFields({ ids, model, choices, onChange }: Props) {
  const caps = model?.capabilities;
  const set = (patch: Partial<JobChoices>) => onChange({ ...choices, ...patch });
  const language = caps?.languages.includes(choices.language) ? choices.language : 'auto';
  return (
    <fieldset className="stack">
      <legend>Options</legend>
      <label htmlFor={`${ids}-language`}>Spoken language</label>
      <select id={`${ids}-language`} value={language} onChange={(e) => set({ language: e.target.value })}>
        <option value="auto">{caps?.language_detection === false ? 'The profile’s language' : 'Detect it'}</option>
        {caps?.languages.map((code) => (
          <option key={code} value={code}>
            {languageName(code)}
          </option>
        ))}
      </select>
      {caps?.translation && (
        <>
          <label htmlFor={`${ids}-target`}>Translate to</label>
          <select
            id={`${ids}-target`}
            value={choices.targetLanguage}
            onChange={(e) => set({ targetLanguage: e.target.value })}
          >
            <option value="">No translation</option>
            {caps.translation_targets.map((code) => (
              <option key={code} value={code}>
                {languageName(code)}
              </option>
            ))}
          </select>
        </>
      )}
      {caps?.diarization && (
        <label className="choice">
          <input
            type="checkbox"
            checked={choices.diarization}
            onChange={(e) => set({ diarization: e.target.checked, channels: false })}
          />
          <span>Tell speakers apart</span>
        </label>
      )}
      {caps?.diarization && choices.diarization && (
        <>
          <label htmlFor={`${ids}-speakers`}>Number of speakers (leave empty to estimate)</label>
          <input
            id={`${ids}-speakers`}
            type="number"
            min={SPEAKERS.min}
            max={SPEAKERS.max}
            value={choices.speakers}
            onChange={(e) => set({ speakers: e.target.value })}
          />
        </>
      )}
      {caps?.channel_speaker_separation && !choices.diarization && (
        <label className="choice">
          <input type="checkbox" checked={choices.channels} onChange={(e) => set({ channels: e.target.checked })} />
          <span>One speaker per audio channel</span>
        </label>
      )}
    </fieldset>
  );
}
