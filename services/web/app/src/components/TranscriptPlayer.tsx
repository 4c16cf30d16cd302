import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useMediaDownloadUrl } from '../api/media.ts';
import { ErrorMessage, Loading } from './Status.tsx';

export interface Playback {
  audioRef: RefObject<HTMLAudioElement | null>;
  /** Where the audio is, in seconds: follows playback (every frame while it plays) and seeks. */
  time: number;
  seek: (seconds: number) => void;
}

/** The audio's position, read every animation frame while it plays and on every time update. */
export function usePlayback(): Playback {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const [time, setTime] = useState(0);
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    let frame = 0;
    const read = () => setTime(audio.currentTime);
    const tick = () => {
      read();
      frame = requestAnimationFrame(tick);
    };
    const play = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(tick);
    };
    const stop = () => {
      cancelAnimationFrame(frame);
      read();
    };
    const events: [string, () => void][] = [
      ['timeupdate', read],
      ['seeked', read],
      ['play', play],
      ['pause', stop],
      ['ended', stop],
    ];
    for (const [name, listener] of events) audio.addEventListener(name, listener);
    return () => {
      cancelAnimationFrame(frame);
      for (const [name, listener] of events) audio.removeEventListener(name, listener);
    };
    // The audio element is rendered from the first render on, so it is there once, for good.
  }, []);
  const seek = useCallback((seconds: number) => {
    const audio = audioRef.current;
    if (audio) audio.currentTime = seconds;
    setTime(seconds);
  }, []);
  return { audioRef, time, seek };
}

/** The media's audio, from a signed URL of the public storage (GET /media/{id}/download-url, ADR 0032). */
export function TranscriptPlayer({ mediaId, title, playback }: { mediaId: string; title: string; playback: Playback }) {
  const source = useMediaDownloadUrl(mediaId);
  return (
    <section aria-labelledby="player-title" className="player">
      <h2 id="player-title" className="visually-hidden">
        Playback
      </h2>
      {source.isPending && <Loading label="Loading the audio…" />}
      {source.isError && <ErrorMessage error={source.error} retry={() => source.refetch()} />}
      {/* The element is there from the start, so that its listeners are set once. The words below are its text. */}
      {/* biome-ignore lint/a11y/useMediaCaption: the transcript on the page, highlighted as it plays, is the text of the audio. */}
      <audio
        ref={playback.audioRef}
        controls
        preload="metadata"
        src={source.data?.url}
        aria-label={`Audio of ${title}`}
        hidden={!source.isSuccess}
      />
    </section>
  );
}
