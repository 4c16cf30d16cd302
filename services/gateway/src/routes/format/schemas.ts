import { z } from 'zod';
import { TranscriptSchema } from '@tp/transcript';
import { exportBodyFields } from '../shared/export-options.ts';

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
  .meta({ id: 'FormatRequest' });
