import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useAppExperience } from '../api/account.ts';
import { downloadExport } from '../api/jobs.ts';
import { CHARS_PER_ENTRY } from '../api/limits.ts';
import type { ExportQuery } from '../api/schema.ts';
import { EXPORT_FORMATS, type ExportFormat as Format } from '../jobs.ts';
import { ErrorMessage } from './Status.tsx';

/** The export options of OpenAPI `GET /api/v1/jobs/{job_id}/export`, with their defaults, and the formats each applies to. */
const CHECKS = [
  { name: 'include_speakers', label: 'Speaker names', fallback: true, formats: ['text', 'srt', 'vtt'] },
  { name: 'include_timestamps', label: 'Timestamps before paragraphs', fallback: false, formats: ['text'] },
  { name: 'include_word_timestamps', label: 'Word timings', fallback: true, formats: ['json'] },
  { name: 'pretty', label: 'Indented', fallback: true, formats: ['json'] },
  { name: 'highlight_words', label: 'Highlight each word (karaoke)', fallback: false, formats: ['srt', 'vtt'] },
] as const;
const CAPTIONS: readonly Format[] = ['srt', 'vtt'];

type Checks = Record<(typeof CHECKS)[number]['name'], boolean>;
const DEFAULT_CHECKS = Object.fromEntries(CHECKS.map((c) => [c.name, c.fallback])) as Checks;

/** The export's query: the format and the options that apply to it. */
function queryOf(format: Format, checks: Checks, maxChars: string, color: string): ExportQuery {
  const query: ExportQuery = { format };
  for (const check of CHECKS)
    if ((check.formats as readonly Format[]).includes(format)) query[check.name] = checks[check.name];
  if (CAPTIONS.includes(format)) {
    query.max_chars_per_entry = Number(maxChars);
    if (checks.highlight_words) query.highlight_color = color;
  }
  return query;
}

/** Downloads of the job's transcript (its current version) as text, JSON, SRT or WebVTT, with options. */
export function ExportPanel({ jobId, title }: { jobId: string; title: string }) {
  const id = useId();
  // The person's preferences choose the format, the subtitle width and the timestamps until they
  // change them here (null: not changed).
  const preferred = useAppExperience().data;
  const [chosenFormat, setFormat] = useState<Format | null>(null);
  const [changedChecks, setChecks] = useState<Partial<Checks>>({});
  const [chosenChars, setMaxChars] = useState<string | null>(null);
  const format = chosenFormat ?? (preferred?.default_export_format as Format | undefined) ?? 'text';
  const checks: Checks = {
    ...DEFAULT_CHECKS,
    ...(preferred ? { include_timestamps: preferred.show_timestamps } : {}),
    ...changedChecks,
  };
  const maxChars = chosenChars ?? String(preferred?.max_chars_per_entry ?? 80);
  const [color, setColor] = useState('yellow');
  const download = useMutation({
    mutationFn: () => downloadExport({ job_id: jobId, title }, queryOf(format, checks, maxChars, color)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    download.mutate();
  };
  return (
    <form className="stack export" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Export</h2>
      <p className="hint">Exports are made from the current saved version.</p>
      <label htmlFor={`${id}-format`}>Format</label>
      <select id={`${id}-format`} value={format} onChange={(e) => setFormat(e.target.value as Format)}>
        {EXPORT_FORMATS.map((f) => (
          <option key={f.format} value={f.format}>
            {f.label}
          </option>
        ))}
      </select>
      {CHECKS.filter((c) => (c.formats as readonly Format[]).includes(format)).map((check) => (
        <label key={check.name} className="choice">
          <input
            type="checkbox"
            checked={checks[check.name]}
            onChange={(e) => setChecks({ ...changedChecks, [check.name]: e.target.checked })}
          />
          {check.label}
        </label>
      ))}
      {CAPTIONS.includes(format) && (
        <>
          <label htmlFor={`${id}-chars`}>Longest subtitle (characters)</label>
          <input
            id={`${id}-chars`}
            type="number"
            min={CHARS_PER_ENTRY.min}
            max={CHARS_PER_ENTRY.max}
            required
            value={maxChars}
            onChange={(e) => setMaxChars(e.target.value)}
          />
          {checks.highlight_words && (
            <>
              <label htmlFor={`${id}-color`}>Highlight colour (a name or #rrggbb)</label>
              <input id={`${id}-color`} type="text" required value={color} onChange={(e) => setColor(e.target.value)} />
            </>
          )}
        </>
      )}
      <div>
        <button type="submit" disabled={download.isPending}>
          {download.isPending ? 'Preparing…' : 'Download'}
        </button>
      </div>
      {download.isError && <ErrorMessage error={download.error} />}
    </form>
  );
}
