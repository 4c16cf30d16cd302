import type { Logger } from '@tp/logging';
import type { ArtifactType } from '../domain/artifact-rules.ts';
import { canonicalPayload } from '../domain/payloads.ts';
import { decodePayload, encodePayload, type StoredPayload } from '../store/payload-codec.ts';
import type { PayloadReads } from '../store/payloads.ts';
import type { Version } from '../store/records.ts';

/** What a version answers about its payload: nothing (not asked), the JSON, or "unavailable". */
export type PayloadAnswer = { kind: 'omitted' } | { kind: 'json'; json: string } | { kind: 'unavailable' };

export const OMITTED: PayloadAnswer = { kind: 'omitted' };

export interface PayloadAnswersDeps {
  store: PayloadReads;
  log: Logger;
  maxPayloadBytes: number;
}

/** The canonical, compressed payload of a request (validation_error / payload_too_large otherwise). */
export function preparePayload(
  maxPayloadBytes: number,
  artifactType: ArtifactType,
  json: string,
): Promise<StoredPayload> {
  return encodePayload(canonicalPayload(artifactType, json, maxPayloadBytes));
}

/** Payload answers by version id; a payload that cannot be read is "unavailable", never an error. */
export async function payloadsOf(deps: PayloadAnswersDeps, versions: Version[]): Promise<Map<string, PayloadAnswer>> {
  const answers = new Map<string, PayloadAnswer>();
  if (versions.length === 0) return answers;
  let bodies: Map<string, Uint8Array>;
  try {
    bodies = await deps.store.readPayloads(versions.map((v) => v.contentHash));
  } catch (err) {
    deps.log.error({ err, versions: versions.map((v) => v.id) }, 'could not read artifact payloads');
    for (const v of versions) answers.set(v.id, { kind: 'unavailable' });
    return answers;
  }
  const decoded = new Map<string, string | null>();
  for (const [hash, body] of bodies) decoded.set(hash, await decodePayload(hash, body, deps.maxPayloadBytes));
  for (const v of versions) {
    const json = decoded.get(v.contentHash) ?? null;
    if (json === null)
      deps.log.error(
        { versionId: v.id, contentHash: v.contentHash },
        'artifact payload is missing or does not match its hash',
      );
    answers.set(v.id, json === null ? { kind: 'unavailable' } : { kind: 'json', json });
  }
  return answers;
}

export async function payloadOf(deps: PayloadAnswersDeps, version: Version): Promise<PayloadAnswer> {
  return (await payloadsOf(deps, [version])).get(version.id) ?? { kind: 'unavailable' };
}
