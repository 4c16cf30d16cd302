import './media.css';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api.ts';
import { MEDIA, MEDIA_LIMIT, MediaList } from '../components/MediaList.tsx';
import { ErrorMessage, Loading } from '../components/Status.tsx';
import { UploadPanel } from '../components/UploadPanel.tsx';
import type { Media } from '../types.ts';

/** Media: uploads straight to storage and the library (ADR 0005). */
export function MediaPage() {
  const media = useQuery({
    queryKey: MEDIA,
    queryFn: () => api<Media[]>('GET', `/media?limit=${MEDIA_LIMIT}`),
    // While a file is being verified elsewhere, its state changes without us: look again.
    refetchInterval: (query) => (query.state.data?.some((m) => m.status === 'verifying') ? 3_000 : false),
  });
  return (
    <section aria-labelledby="media-title">
      <h1 id="media-title">Media</h1>
      <p className="muted">
        Audio and video files to transcribe. Files go straight to storage, then are checked to be playable media.
      </p>
      <UploadPanel />
      <h2>Your media</h2>
      {media.isPending && <Loading label="Loading media…" />}
      {media.isError && <ErrorMessage error={media.error} retry={() => media.refetch()} />}
      {media.isSuccess && <MediaList media={media.data} />}
    </section>
  );
}
