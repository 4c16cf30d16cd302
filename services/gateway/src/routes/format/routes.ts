import { exportFileName, exportTranscript } from '@tp/transcript';
import { type AnyRoute, defineRoute, FileResponse } from '../../http/route.ts';
import { EXPORT_CONTENT_TYPES, EXPORT_SCHEMAS, toExportOptions } from '../shared/export-options.ts';
import { FormatRequest } from './schemas.ts';

/** `POST /api/v1/format`: the export converters over a transcript in the body, without an account. */
export function formatRoutes(limits: { maxTranscriptBytes: number }): AnyRoute[] {
  return [
    defineRoute({
      method: 'post',
      path: '/api/v1/format',
      operationId: 'formatTranscript',
      summary: 'Convert a transcript to text, JSON, SRT or WebVTT',
      description:
        'Stateless: the body holds canonical transcript JSON (see /schemas/transcript.v1.json) and the options of ' +
        '`GET /api/v1/jobs/{job_id}/export`; the answer is the converted file, exactly as an export of a job would be. No authentication.',
      tag: 'Format',
      access: { kind: 'public' },
      body: FormatRequest,
      maxBodyBytes: limits.maxTranscriptBytes,
      status: 200,
      fileResponse: {
        contentTypes: EXPORT_CONTENT_TYPES,
        schemas: EXPORT_SCHEMAS,
        download: true,
        description: 'The converted transcript: format=json the canonical transcript, others text.',
      },
      errors: ['payload_too_large', 'unsupported_media_type'],
      handler: async ({ body }) => {
        const { transcript, title, ...options } = body;
        const result = exportTranscript(transcript, toExportOptions(options));
        return new FileResponse({
          content: result.content,
          contentType: result.contentType,
          fileName: exportFileName(title ?? null, options.format),
        });
      },
    }),
  ];
}
