import { AppError } from '@tp/errors';
import type { ObjectStore } from '@tp/storage';
import type { Output } from '../domain/artifact-rules.ts';

/** The output file must exist; its size is recorded with the version. */
export async function withOutputSize(
  objects: Pick<ObjectStore, 'head'>,
  output: Output | null,
): Promise<(Output & { bytes: number }) | null> {
  if (!output) return null;
  const head = await objects.head(output.key);
  if (!head) throw new AppError('bad_request', 'output_key names no object in storage; store the output file first.');
  return { ...output, bytes: head.sizeBytes };
}
