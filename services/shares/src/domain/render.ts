import {
  canonicalTranscript,
  EXPORT_FILE_TYPES,
  exportFileName,
  exportTranscript,
  type Transcript,
} from '@tp/transcript';
import { PAGE_CSP, renderSharePage } from './page.ts';
import type { RenderFormat } from './share-rules.ts';

/** The title of a page whose share and artifact both have none. */
export const FALLBACK_TITLE = 'Transcript';

export interface RenderedShare {
  content: string;
  contentType: string;
  /** Download name; '' for the page. */
  fileName: string;
  /** For the page: the policy it was written for; '' otherwise. */
  contentSecurityPolicy: string;
}

/** The page's content type. */
export const HTML_CONTENT_TYPE = 'text/html; charset=utf-8';

/** The title a share shows: its own, else the artifact's, else a neutral word. */
export function displayTitle(shareTitle: string, artifactTitle: string): string {
  const title = shareTitle.trim() || artifactTitle.trim();
  return title === '' ? FALLBACK_TITLE : title;
}

/**
 * The transcript as the public may see it: ids of the owner's other objects (the media, the job)
 * are blanked; the profile and engine say how it was made and name nobody.
 */
export function publicTranscript(t: Transcript): Transcript {
  return { ...t, source: { ...t.source, media_id: null, job_id: null } };
}

/**
 * A validated transcript in one of the share formats: the page, the canonical JSON (without the
 * owner's ids), or text / SRT / WebVTT written by the export converters with their defaults.
 */
export function renderShared(
  transcript: Transcript,
  format: RenderFormat,
  title: string,
  basePath: string,
): RenderedShare {
  const shown = publicTranscript(transcript);
  switch (format) {
    case 'html':
      return {
        content: renderSharePage({ transcript: shown, title, basePath }),
        contentType: HTML_CONTENT_TYPE,
        fileName: '',
        contentSecurityPolicy: PAGE_CSP,
      };
    case 'json':
      return {
        content: canonicalTranscript(shown),
        contentType: EXPORT_FILE_TYPES.json.contentType,
        fileName: exportFileName(title, 'json'),
        contentSecurityPolicy: '',
      };
    case 'text':
    case 'srt':
    case 'vtt': {
      const file = exportTranscript(shown, { format });
      return {
        content: file.content,
        contentType: file.contentType,
        fileName: exportFileName(title, format),
        contentSecurityPolicy: '',
      };
    }
  }
}
