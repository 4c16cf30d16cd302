import { z } from 'zod';
import { TranscriptSchema } from '@tp/transcript';
import { checkExportCombination, exportBodyFields, ONCE_VALID } from '../shared/export-options.ts';

export const FormatRequest = z
  .strictObject({
    transcript: TranscriptSchema,
    ...exportBodyFields,
    title: z
      .string()
      .trim()
      .max(200)
      .optional()
      .meta({ description: 'Download file name stem; default `transcript`.' }),
  })
  .superRefine((body, ctx) => {
    checkExportCombination(body, ctx);
    if (body.text === 'translation' && body.transcript.translation === null)
      ctx.addIssue({
        code: 'custom',
        path: ['text'],
        message: 'text=translation needs a transcript with a translation; this one has none',
      });
  }, ONCE_VALID)
  .meta({ id: 'FormatRequest' });
