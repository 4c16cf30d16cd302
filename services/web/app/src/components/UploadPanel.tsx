import { type DragEvent, useCallback, useId, useRef, useState } from 'react';
import { errorMessage } from '../api/errors.ts';
import { type UploadPhase, useUpload } from '../api/media.ts';

interface UploadRowState {
  key: number;
  file: File;
  phase: UploadPhase;
  percent: number;
  error: string | null;
}

const PHASE_LABEL: Record<UploadPhase, string> = {
  uploading: 'Uploading',
  verifying: 'Verifying',
  ready: 'Ready',
  failed: 'Failed',
};

/** The uploads of this page visit, each file in a row of its own; a failed one is retried with the same file. */
function useUploads() {
  const upload = useUpload();
  const [rows, setRows] = useState<UploadRowState[]>([]);
  const nextKey = useRef(0);
  const update = useCallback(
    (key: number, change: Partial<UploadRowState>) =>
      setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row))),
    [],
  );
  const run = useCallback(
    (key: number, file: File) => {
      update(key, { phase: 'uploading', percent: 0, error: null });
      upload(file, ({ phase, percent }) => update(key, { phase, percent })).catch((error: unknown) =>
        update(key, { phase: 'failed', error: errorMessage(error) }),
      );
    },
    [update, upload],
  );
  const add = useCallback(
    (files: Iterable<File>) => {
      for (const file of files) {
        const key = nextKey.current++;
        setRows((current) => [...current, { key, file, phase: 'uploading', percent: 0, error: null }]);
        run(key, file);
      }
    },
    [run],
  );
  const dismiss = (key: number) => setRows((current) => current.filter((row) => row.key !== key));
  return { rows, add, retry: (row: UploadRowState) => run(row.key, row.file), dismiss };
}

function UploadRow({ row, retry, dismiss }: { row: UploadRowState; retry: () => void; dismiss: () => void }) {
  const id = useId();
  const done = row.phase === 'ready' || row.phase === 'failed';
  return (
    <li className="card upload" aria-label={`Upload of ${row.file.name}`}>
      <div className="row">
        <strong className="grow">{row.file.name}</strong>
        <span className="badge">{PHASE_LABEL[row.phase]}</span>
      </div>
      <div className="row">
        <label htmlFor={`${id}-progress`} className="visually-hidden">
          Upload progress of {row.file.name}
        </label>
        <progress id={`${id}-progress`} max={100} value={row.percent} className="grow" />
        <span>{row.percent} %</span>
      </div>
      <p role="status" aria-live="polite" className="muted small">
        {row.phase === 'verifying' && 'Checking that the file is playable media…'}
        {row.phase === 'ready' && 'Uploaded and verified.'}
      </p>
      {row.error && (
        <div role="alert" className="error">
          <p>{row.error}</p>
        </div>
      )}
      {done && (
        <div className="row">
          {row.phase === 'failed' && (
            <button type="button" onClick={retry} aria-label={`Retry ${row.file.name}`}>
              Retry
            </button>
          )}
          <button type="button" className="secondary" onClick={dismiss} aria-label={`Dismiss ${row.file.name}`}>
            Dismiss
          </button>
        </div>
      )}
    </li>
  );
}

/** Drop files here or choose them: each goes straight to storage, then is verified. */
export function UploadPanel() {
  const ids = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const { rows, add, retry, dismiss } = useUploads();
  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    add(Array.from(event.dataTransfer.files));
  };
  return (
    <section className="card" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Upload</h2>
      <fieldset
        className={dragging ? 'drop-zone dragging' : 'drop-zone'}
        data-testid="drop-zone"
        onDragOver={onDragOver}
        onDragEnter={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <legend className="visually-hidden">Add files</legend>
        <p>Drop audio or video files here, or</p>
        <button type="button" onClick={() => input.current?.click()}>
          Choose files
        </button>
        <label htmlFor={`${ids}-files`} className="visually-hidden">
          Media files to upload
        </label>
        <input
          ref={input}
          id={`${ids}-files`}
          type="file"
          multiple
          accept="audio/*,video/*"
          className="visually-hidden"
          tabIndex={-1}
          onChange={(event) => {
            add(Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
        />
      </fieldset>
      {rows.length > 0 && (
        <ul className="cards" aria-label="Uploads">
          {rows.map((row) => (
            <UploadRow key={row.key} row={row} retry={() => retry(row)} dismiss={() => dismiss(row.key)} />
          ))}
        </ul>
      )}
    </section>
  );
}
