import { readFile } from 'node:fs/promises';
import { BUCKETS, jobWindowCredentials, type WindowsSigner } from '@tp/bus';
import { z } from '@tp/config';

const SignerSchema = z.object({
  account: z.string().regex(/^A[A-Z2-7]{55}$/),
  seed: z.string().regex(/^SA[A-Z2-7]{56}$/),
});

/**
 * The window credentials jobs answers each claim with (ADR 0041), signed with the scoped key of
 * NATS_WINDOWS_SIGNER_FILE; they last as long as the bucket keeps a job's windows. Undefined without
 * a signer. A file that is not a signer stops the start, saying so.
 */
export async function openWindowCredentials(
  file: string | undefined,
): Promise<((jobId: string) => Promise<string>) | undefined> {
  if (!file) return undefined;
  let signer: WindowsSigner;
  try {
    signer = SignerSchema.parse(JSON.parse(await readFile(file, 'utf8')));
  } catch (err) {
    throw new Error(
      `NATS_WINDOWS_SIGNER_FILE ${file} is not a windows signer ({"account": "A…", "seed": "SA…"}, tsctl bus init's windows-signer.json): ${(err as Error).message}`,
      { cause: err },
    );
  }
  const expiresInSeconds = BUCKETS.WINDOWS.ttlMs / 1000;
  return (jobId) => jobWindowCredentials(signer, { jobId, expiresInSeconds });
}
