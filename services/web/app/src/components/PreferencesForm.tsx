import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useSaveAppExperience } from '../api/account.ts';
import { fieldMessages } from '../api/errors.ts';
import { useModels } from '../api/jobs.ts';
import { CHARS_PER_ENTRY, MAX_LENGTHS } from '../api/limits.ts';
import type { AppExperience, Model } from '../api/schema.ts';
import { EXPORT_FORMATS } from '../jobs.ts';
import { formValues, type PreferenceField, type PreferenceValues, preferenceChanges, THEMES } from '../preferences.ts';
import { ErrorMessage } from './Status.tsx';

const THEME_LABELS: Record<(typeof THEMES)[number], string> = {
  system: 'As the system',
  light: 'Light',
  dark: 'Dark',
};

/** What a field's control carries: its id, and its hint and message as its description. */
interface ControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

interface FieldProps {
  id: string;
  label: string;
  hint?: string;
  error: string | undefined;
  children: (control: ControlProps) => ReactNode;
}

/** A labelled control with its hint and the API's message about it, both read with the control. */
function Field({ id, label, hint, error, children }: FieldProps) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const control = { id, 'aria-describedby': describedBy, 'aria-invalid': error ? (true as const) : undefined };
  return (
    <div className="stack field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <span id={`${id}-hint`} className="hint">
          {hint}
        </span>
      )}
      {children(control)}
      {error && (
        <span id={`${id}-error`} className="error-inline">
          {error}
        </span>
      )}
    </div>
  );
}

/** The profiles offered for new jobs; the saved one stays a choice when the list cannot be had. */
function profileChoices(models: Model[] | undefined, current: string): { id: string; label: string }[] {
  const choices = (models ?? []).map((m) => ({ id: m.id, label: m.display_name }));
  return choices.some((c) => c.id === current) ? choices : [{ id: current, label: current }, ...choices];
}

interface ControlsProps {
  ids: string;
  values: PreferenceValues;
  set: (patch: Partial<PreferenceValues>) => void;
  errors: Readonly<Record<string, string>>;
  models: Model[] | undefined;
}

function ExportControls({ ids, values, set, errors, models }: ControlsProps) {
  return (
    <>
      <Field id={`${ids}-profile`} label="Profile for new jobs" error={errors.default_profile}>
        {(control) => (
          <select
            {...control}
            value={values.default_profile}
            onChange={(e) => set({ default_profile: e.target.value })}
          >
            {profileChoices(models, values.default_profile).map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={`${ids}-format`} label="Export format" error={errors.default_export_format}>
        {(control) => (
          <select
            {...control}
            value={values.default_export_format}
            onChange={(e) => set({ default_export_format: e.target.value })}
          >
            {EXPORT_FORMATS.map(({ format, label }) => (
              <option key={format} value={format}>
                {label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        id={`${ids}-chars`}
        label="Characters per subtitle line"
        hint={`For SRT and WebVTT exports, ${CHARS_PER_ENTRY.min} to ${CHARS_PER_ENTRY.max}.`}
        error={errors.max_chars_per_entry}
      >
        {(control) => (
          <input
            {...control}
            type="number"
            inputMode="numeric"
            min={CHARS_PER_ENTRY.min}
            max={CHARS_PER_ENTRY.max}
            step={1}
            value={values.max_chars_per_entry}
            onChange={(e) => set({ max_chars_per_entry: e.target.value })}
          />
        )}
      </Field>
    </>
  );
}

function DisplayControls({ ids, values, set, errors }: ControlsProps) {
  return (
    <>
      <Field
        id={`${ids}-language`}
        label="Interface language"
        hint="A language tag such as en, pt-BR or zh-Hant-TW. Saved for every client of your account; this app is in English for now."
        error={errors.interface_language}
      >
        {(control) => (
          <input
            {...control}
            maxLength={MAX_LENGTHS.interfaceLanguage}
            autoComplete="off"
            spellCheck={false}
            value={values.interface_language}
            onChange={(e) => set({ interface_language: e.target.value })}
          />
        )}
      </Field>
      <fieldset>
        <legend>Theme</legend>
        {THEMES.map((theme) => (
          <label key={theme} className="choice">
            <input
              type="radio"
              name={`${ids}-theme`}
              value={theme}
              checked={values.theme === theme}
              onChange={() => set({ theme })}
            />
            <span>{THEME_LABELS[theme]}</span>
          </label>
        ))}
        {errors.theme && <p className="error-inline">{errors.theme}</p>}
      </fieldset>
      <label className="choice">
        <input
          type="checkbox"
          checked={values.show_timestamps}
          onChange={(e) => set({ show_timestamps: e.target.checked })}
        />
        <span>Show timestamps in transcripts</span>
      </label>
    </>
  );
}

/** PATCH /account/app-experience with what changed; what was typed stays when the API refuses it. */
export function PreferencesForm({ saved }: { saved: AppExperience }) {
  const ids = useId();
  const models = useModels();
  const [values, setValues] = useState<PreferenceValues>(() => formValues(saved));
  const [unchanged, setUnchanged] = useState(false);
  const save = useSaveAppExperience((next) => setValues(formValues(next)));
  const set = (patch: Partial<PreferenceValues>) => {
    setUnchanged(false);
    // "Saved" no longer holds once something is typed; the API's messages stay until the next save.
    if (save.isSuccess) save.reset();
    setValues((current) => ({ ...current, ...patch }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const changes = preferenceChanges(values, saved);
    setUnchanged(Object.keys(changes).length === 0);
    if (Object.keys(changes).length === 0) save.reset();
    else save.mutate(changes);
  };
  const errors: Readonly<Partial<Record<PreferenceField, string>>> = fieldMessages(save.error);
  const unplaced = save.isError && Object.keys(errors).length === 0;
  const controls = { ids, values, set, errors, models: models.data };
  return (
    <form onSubmit={submit} noValidate className="stack card" aria-label="Preferences">
      <ExportControls {...controls} />
      <DisplayControls {...controls} />
      {unplaced && <ErrorMessage error={save.error} />}
      {save.isError && !unplaced && (
        <p role="alert" className="error-inline">
          Not saved: check the fields marked above.
        </p>
      )}
      <p role="status" className="muted">
        {save.isSuccess && !unchanged ? 'Preferences saved.' : unchanged ? 'Nothing changed: nothing to save.' : ''}
      </p>
      <button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save preferences'}
      </button>
    </form>
  );
}
