import './media.css';
import { useMediaList } from '../api/media.ts';
import { MediaList } from '../components/MediaList.tsx';
import { ErrorMessage, Loading } from '../components/Status.tsx';
import { UploadPanel } from '../components/UploadPanel.tsx';

/** Media: uploads straight to storage and the library (ADR 0005). */
export function MediaPage() {
  const media = useMediaList({ followVerifying: true });
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
