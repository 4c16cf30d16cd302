import { useState } from 'react';
import { LIST_LIMITS } from '../api/limits.ts';
import { useDeleteMedia } from '../api/media.ts';
import type { MediaAsset } from '../api/schema.ts';
import { ConfirmAction } from './ConfirmAction.tsx';
import { ErrorMessage, formatDate } from './Status.tsx';

const STATUS_LABEL: Record<MediaAsset['status'], string> = {
  awaiting_upload: 'Awaiting upload',
  verifying: 'Verifying',
  ready: 'Ready',
  failed: 'Rejected',
  expired: 'Expired',
};

export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '—';
  const whole = Math.round(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

function MediaRow({ media }: { media: MediaAsset }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteMedia(media, () => setConfirming(false));
  return (
    <li className="card" aria-label={media.file_name}>
      <h3>
        {media.file_name} <span className="badge">{STATUS_LABEL[media.status]}</span>
      </h3>
      <dl className="facts">
        <dt>Type</dt>
        <dd>{media.content_type}</dd>
        <dt>Duration</dt>
        <dd>{formatDuration(media.duration_seconds)}</dd>
        <dt>Size</dt>
        <dd>{formatSize(media.size_bytes)}</dd>
        <dt>Created</dt>
        <dd>{formatDate(media.created_at)}</dd>
      </dl>
      {media.failure && <p className="error">{media.failure.message}</p>}
      <ConfirmAction
        confirming={confirming}
        onConfirmingChange={setConfirming}
        action="Delete"
        subject={media.file_name}
        question={`Delete “${media.file_name}”? Its file is removed from storage.`}
        confirmLabel="Yes, delete"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
      {remove.isError && <ErrorMessage error={remove.error} />}
    </li>
  );
}

export function MediaList({ media }: { media: MediaAsset[] }) {
  if (media.length === 0) return <p className="muted">No media yet. Upload a file above.</p>;
  return (
    <>
      <ul className="cards" aria-label="Media">
        {media.map((item) => (
          <MediaRow key={item.media_id} media={item} />
        ))}
      </ul>
      {media.length >= LIST_LIMITS.media && <p className="muted">Showing the newest {LIST_LIMITS.media} files.</p>}
    </>
  );
}
