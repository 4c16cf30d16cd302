import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmAction } from './ConfirmAction.tsx';
import { api } from '../api.ts';
import type { Media, MediaStatus } from '../types.ts';
import { ErrorMessage, formatDate } from './Status.tsx';

export const MEDIA = ['media'] as const;
/** The most GET /media answers at once (it has no cursor): the newest first. */
export const MEDIA_LIMIT = 200;

const STATUS_LABEL: Record<MediaStatus, string> = {
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

function MediaRow({ media }: { media: Media }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => api<void>('DELETE', `/media/${encodeURIComponent(media.media_id)}`),
    onSuccess: () => {
      setConfirming(false);
      return queryClient.invalidateQueries({ queryKey: MEDIA });
    },
  });
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

export function MediaList({ media }: { media: Media[] }) {
  if (media.length === 0) return <p className="muted">No media yet. Upload a file above.</p>;
  return (
    <>
      <ul className="cards" aria-label="Media">
        {media.map((item) => (
          <MediaRow key={item.media_id} media={item} />
        ))}
      </ul>
      {media.length >= MEDIA_LIMIT && <p className="muted">Showing the newest {MEDIA_LIMIT} files.</p>}
    </>
  );
}
