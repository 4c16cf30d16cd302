import type { EngineKind, ExecutionMode, LanguagePair, TranscriptionProfile } from '@tp/catalog';
import { checkIdempotencyKey } from '@tp/idempotency';
import { newId } from '@tp/ids';
import { type JobOptions, jobOptionsView } from '@tp/job-options';
import { checkCaptionBurnInput } from './caption-burn.ts';
import { checkExecutionMode } from './client-local.ts';
import { checkFingerprint, createRequestHash } from './idempotency.ts';
import { type AcceptedOptions, checkOptions, checkSeparableChannels } from './job-options.ts';
import {
  checkJobType,
  checkMediaIds,
  checkUserId,
  checkWebhookId,
  checkWorkspaceId,
  type JobType,
  resolveProfile,
} from './job-rules.ts';

/** What CreateJob is asked (as the wire carries it: '' for unset). */
export interface CreationRequest {
  userId: string;
  workspaceId: string;
  type: string;
  mediaIds: readonly string[];
  batch: boolean;
  profile: string;
  /** Required: unset is a caller of an older release (ADR 0033). */
  options: JobOptions | undefined;
  idempotencyKey: string;
  /** Features of the caller (internal profiles). */
  features: readonly string[];
  /** The webhook subscription (`whs_…`) to notify when the job ends; '' for none. */
  webhookId: string;
  /** With an idempotency key: what the idempotency record stores instead of the request hash; '' for none. */
  requestFingerprint: string;
  /** 'cloud' ('' too) or 'client_local' (ADR 0023). */
  executionMode: string;
}

/** A creation request that passed every check that needs no I/O. */
export interface AcceptedCreation {
  userId: string;
  workspaceId: string | null;
  type: JobType;
  profile: TranscriptionProfile;
  options: AcceptedOptions;
  mediaIds: string[];
  batch: boolean;
  webhookId: string | null;
  idempotency: { key: string; requestHash: string } | null;
  executionMode: ExecutionMode;
}

/** The checks of a CreateJob request, in the order their errors are reported. */
export function acceptCreation(
  request: CreationRequest,
  limits: {
    engines: ReadonlySet<EngineKind>;
    models?: ReadonlyMap<EngineKind, ReadonlySet<string>>;
    translations: readonly LanguagePair[];
    maxBatchItems: number;
  },
): AcceptedCreation {
  const userId = checkUserId(request.userId);
  const type = checkJobType(request.type);
  const workspaceId = checkWorkspaceId(request.workspaceId);
  const deployment = { engines: limits.engines, models: limits.models, translations: limits.translations };
  const features = new Set(request.features);
  const profile = resolveProfile(request.profile, features, deployment);
  const executionMode = checkExecutionMode({ ...request, type, features }, profile, deployment);
  const options = checkOptions(request.options, type, profile, deployment);
  if (type === 'caption_burn') checkCaptionBurnInput(request.batch);
  const mediaIds = checkMediaIds(request.mediaIds, request.batch, limits.maxBatchItems);
  const webhookId = checkWebhookId(request.webhookId);
  const fingerprint = checkFingerprint(request.requestFingerprint);
  const idempotency =
    request.idempotencyKey === ''
      ? null
      : {
          key: checkIdempotencyKey(request.idempotencyKey),
          requestHash:
            fingerprint ??
            createRequestHash({
              type,
              mediaIds,
              batch: request.batch,
              profile: profile.codename,
              // The options' JSON view: the keys the request gave, as the hash of every release covered them.
              options: jobOptionsView(options.message),
              workspaceId,
              webhookId,
              executionMode,
            }),
        };
  return {
    userId,
    workspaceId,
    type,
    profile,
    options,
    mediaIds,
    batch: request.batch,
    webhookId,
    idempotency,
    executionMode,
  };
}

/** A row of a creation: a single job, or a batch parent followed by its items. */
export interface NewJob {
  id: string;
  userId: string;
  workspaceId: string | null;
  type: JobType;
  profile: string;
  engine: string;
  pool: string;
  mediaId: string | null;
  parentJobId: string | null;
  itemCount: number;
  options: JobOptions;
  title: string;
  mediaDurationSeconds: number;
  /** On the job the request created (a batch: its parent, not its items). */
  webhookId: string | null;
  /** Absent: cloud. */
  executionMode?: ExecutionMode;
}

/** What a creation reads of a verified media. */
export interface MediaFacts {
  mediaId: string;
  fileName: string;
  durationSeconds: number;
  /** Its streams as verification found them (channel speaker separation needs several audio channels). */
  streams: readonly { type: string; channels: number }[];
}

/** The rows of a creation: one job, or a batch parent and one item per media (in media order). */
export function planCreation(creation: AcceptedCreation, medias: readonly MediaFacts[]): NewJob[] {
  const { profile } = creation;
  if (creation.options.message.channelSpeakerSeparation === true) for (const m of medias) checkSeparableChannels(m);
  const common = {
    userId: creation.userId,
    workspaceId: creation.workspaceId,
    type: creation.type,
    profile: profile.codename,
    engine: profile.engine,
    pool: profile.pool,
    options: creation.options.message,
    executionMode: creation.executionMode,
  };
  const runnable = (m: MediaFacts, parentJobId: string | null): NewJob => ({
    ...common,
    id: newId('job'),
    mediaId: m.mediaId,
    parentJobId,
    itemCount: 0,
    title: m.fileName,
    mediaDurationSeconds: m.durationSeconds,
    webhookId: null,
  });
  if (!creation.batch) return [{ ...runnable(medias[0]!, null), webhookId: creation.webhookId }];
  const parent: NewJob = {
    ...common,
    id: newId('job'),
    mediaId: null,
    parentJobId: null,
    itemCount: medias.length,
    title: medias.length === 1 ? medias[0]!.fileName : `${medias[0]!.fileName} and ${medias.length - 1} more`,
    mediaDurationSeconds: medias.reduce((sum, m) => sum + m.durationSeconds, 0),
    webhookId: creation.webhookId,
  };
  // Ids are monotonic: the parent sorts first, the items in media order (creation order).
  return [parent, ...medias.map((m) => runnable(m, parent.id))];
}
