// biome-ignore lint/style/noExcessiveLinesPerFile: the one table of every code is read and reviewed whole; splitting it by status would scatter it.
import { status as GrpcStatus } from '@grpc/grpc-js';

/**
 * The one table of stable error codes. Every error a client can see has a code here;
 * HTTP and gRPC statuses are derived from it in exactly one place.
 */
export const ERROR_CODES = {
  // 400
  bad_request: { http: 400, grpc: GrpcStatus.INVALID_ARGUMENT, message: 'The request is malformed.' },
  live_runs_on_device: {
    http: 400,
    grpc: GrpcStatus.FAILED_PRECONDITION,
    message: 'The live route of this model runs on the device.',
  },
  media_empty: { http: 400, grpc: GrpcStatus.FAILED_PRECONDITION, message: 'The uploaded file is empty.' },
  media_unplayable: {
    http: 400,
    grpc: GrpcStatus.FAILED_PRECONDITION,
    message: 'The uploaded file is not playable audio or video.',
  },
  media_no_audio: {
    http: 400,
    grpc: GrpcStatus.FAILED_PRECONDITION,
    message: 'The uploaded file has no audio stream.',
  },
  profile_unavailable: {
    http: 400,
    grpc: GrpcStatus.FAILED_PRECONDITION,
    message: 'The engine of this profile is not installed in this deployment.',
  },
  unsupported_option: {
    http: 400,
    grpc: GrpcStatus.FAILED_PRECONDITION,
    message: 'An option of the request is not supported yet.',
  },
  // 401
  invalid_api_key: {
    http: 401,
    grpc: GrpcStatus.UNAUTHENTICATED,
    message: 'The access token is missing, invalid, expired or revoked.',
  },
  invalid_credentials: { http: 401, grpc: GrpcStatus.UNAUTHENTICATED, message: 'The email or password is incorrect.' },
  // 402
  insufficient_credits: {
    http: 402,
    grpc: GrpcStatus.FAILED_PRECONDITION,
    message: 'The credit balance is too low for this request.',
  },
  // 403
  insufficient_scope: {
    http: 403,
    grpc: GrpcStatus.PERMISSION_DENIED,
    message: 'The access token lacks the required scope.',
  },
  pat_route_not_allowed: {
    http: 403,
    grpc: GrpcStatus.PERMISSION_DENIED,
    message: 'Personal access tokens cannot call this endpoint; sign in to the app instead.',
  },
  invalid_finalize_token: {
    http: 403,
    grpc: GrpcStatus.PERMISSION_DENIED,
    message: 'The finalize token does not belong to this media.',
  },
  storage_key_not_allowed: {
    http: 403,
    grpc: GrpcStatus.PERMISSION_DENIED,
    message: 'Only objects inside your own storage prefix can be registered.',
  },
  storage_quota_exceeded: {
    http: 403,
    grpc: GrpcStatus.RESOURCE_EXHAUSTED,
    message: 'The storage quota is used up; delete media to make room.',
  },
  // A feature the user has not been granted (detail.feature_key names it), e.g. jobs.client_local.
  feature_required: {
    http: 403,
    grpc: GrpcStatus.PERMISSION_DENIED,
    message: 'Your account has not been granted the feature this request needs.',
  },
  admin_required: {
    http: 403,
    grpc: GrpcStatus.PERMISSION_DENIED,
    message: 'This operation requires operator credentials.',
  },
  // 404
  not_found: { http: 404, grpc: GrpcStatus.NOT_FOUND, message: 'The resource was not found.' },
  route_not_found: { http: 404, grpc: GrpcStatus.UNIMPLEMENTED, message: 'No such endpoint.' },
  // 405
  method_not_allowed: {
    http: 405,
    grpc: GrpcStatus.UNIMPLEMENTED,
    message: 'The method is not allowed on this endpoint.',
  },
  // 409
  conflict: { http: 409, grpc: GrpcStatus.ALREADY_EXISTS, message: 'The resource conflicts with an existing one.' },
  upload_incomplete: {
    http: 409,
    grpc: GrpcStatus.FAILED_PRECONDITION,
    message: 'The file has not been uploaded to the upload URL yet.',
  },
  media_not_ready: { http: 409, grpc: GrpcStatus.FAILED_PRECONDITION, message: 'The media is not verified yet.' },
  version_conflict: {
    http: 409,
    grpc: GrpcStatus.ABORTED,
    message: 'The artifact changed since base_version_id; reload it and apply your edit again.',
  },
  artifact_not_editable: {
    http: 409,
    grpc: GrpcStatus.FAILED_PRECONDITION,
    message: 'Versions of this artifact are produced by jobs, not written by clients.',
  },
  no_download: { http: 409, grpc: GrpcStatus.FAILED_PRECONDITION, message: 'This version has no file to download.' },
  job_not_completed: {
    http: 409,
    grpc: GrpcStatus.FAILED_PRECONDITION,
    message: 'The job has not succeeded, so there is nothing to export yet.',
  },
  job_not_cancellable: {
    http: 409,
    grpc: GrpcStatus.FAILED_PRECONDITION,
    message: 'The job has already ended and cannot be cancelled.',
  },
  job_not_queued: {
    http: 409,
    grpc: GrpcStatus.FAILED_PRECONDITION,
    message: 'Only queued jobs can be moved in the queue.',
  },
  // Client-local jobs (ADR 0023): a device reports progress or delivers a transcript.
  not_client_local: {
    http: 409,
    grpc: GrpcStatus.FAILED_PRECONDITION,
    message: 'The job runs in the cloud; only a client-local job takes progress and transcripts from a device.',
  },
  job_not_running: {
    http: 409,
    grpc: GrpcStatus.FAILED_PRECONDITION,
    message: 'The job has already ended; it takes no more progress or transcripts.',
  },
  job_is_batch: {
    http: 409,
    grpc: GrpcStatus.FAILED_PRECONDITION,
    message: 'A batch job has no transcript of its own; export its items.',
  },
  job_has_no_transcript: {
    http: 409,
    grpc: GrpcStatus.FAILED_PRECONDITION,
    message: 'This job burns captions into a video: its output is a media_export artifact, not a transcript to export.',
  },
  idempotency_conflict: {
    http: 409,
    grpc: GrpcStatus.ABORTED,
    message: 'The Idempotency-Key was already used with a different request.',
  },
  idempotency_replay_secret_unavailable: {
    http: 409,
    grpc: GrpcStatus.ALREADY_EXISTS,
    message: 'This Idempotency-Key created what the details name; its secret was shown once and is not kept.',
  },
  // 410
  upload_session_expired: {
    http: 410,
    grpc: GrpcStatus.FAILED_PRECONDITION,
    message: 'The upload session has expired; create a new one.',
  },
  // 413 / 415
  payload_too_large: { http: 413, grpc: GrpcStatus.RESOURCE_EXHAUSTED, message: 'The request body is too large.' },
  // Fast transcription (ADR 0021): the uploaded clip is over FAST_TRANSCRIPTION_LIMITS.maxBytes.
  file_too_large: {
    http: 413,
    grpc: GrpcStatus.RESOURCE_EXHAUSTED,
    message: 'The file is larger than fast transcription accepts.',
  },
  media_too_large: {
    http: 413,
    grpc: GrpcStatus.RESOURCE_EXHAUSTED,
    message: 'The file is larger than the largest upload accepted.',
  },
  unsupported_media_type: {
    http: 415,
    grpc: GrpcStatus.INVALID_ARGUMENT,
    message: 'The request content type is not supported.',
  },
  // 422
  validation_error: { http: 422, grpc: GrpcStatus.INVALID_ARGUMENT, message: 'The request is invalid.' },
  // Fast transcription (ADR 0021): the clip's audio is longer than FAST_TRANSCRIPTION_LIMITS.maxSeconds.
  clip_too_long: {
    http: 422,
    grpc: GrpcStatus.OUT_OF_RANGE,
    message: 'The clip is longer than fast transcription accepts; submit it as a job instead.',
  },
  // The egress guard (@tp/egress): a user-given URL (webhook_url, a remote audio_url) that is not http(s), or whose
  // host is or resolves to a loopback, private, link-local or otherwise non-public address, in production mode.
  url_not_allowed: {
    http: 422,
    grpc: GrpcStatus.INVALID_ARGUMENT,
    message: 'The URL is not allowed: only http(s) URLs of public hosts are.',
  },
  // A remote audio_url could not be fetched (DNS, connection, timeout, non-2xx, a redirect).
  remote_fetch_failed: {
    http: 422,
    grpc: GrpcStatus.FAILED_PRECONDITION,
    message: 'The file at the URL could not be fetched.',
  },
  // 429
  rate_limited: { http: 429, grpc: GrpcStatus.RESOURCE_EXHAUSTED, message: 'Too many requests.' },
  // 5xx
  internal_error: { http: 500, grpc: GrpcStatus.INTERNAL, message: 'An internal error occurred.' },
  // Stored options jobs cannot read back (ADR 0033): the job fails with it, never runs on defaults. Not the client's.
  job_options_unreadable: { http: 500, grpc: GrpcStatus.DATA_LOSS, message: "The job's options could not be read." },
  // A backend refusing another service (ADR 0011). Only a misconfigured fleet sees them: at the
  // public edge they are the platform's fault, never the client's, hence 500.
  caller_unauthenticated: {
    http: 500,
    grpc: GrpcStatus.UNAUTHENTICATED,
    message: 'The call carries no valid service token.',
  },
  caller_not_allowed: {
    http: 500,
    grpc: GrpcStatus.PERMISSION_DENIED,
    message: 'The calling service may not call this method.',
  },
  caller_user_mismatch: {
    http: 500,
    grpc: GrpcStatus.PERMISSION_DENIED,
    message: 'The request names another user than the one the call acts for.',
  },
  caller_grant_invalid: {
    http: 500,
    grpc: GrpcStatus.PERMISSION_DENIED,
    message: 'The call needs a valid job grant from jobs.',
  },
  caller_grant_mismatch: {
    http: 500,
    grpc: GrpcStatus.PERMISSION_DENIED,
    message: 'The request names what its job grant does not.',
  },
  storage_unavailable: {
    http: 502,
    grpc: GrpcStatus.UNAVAILABLE,
    message: 'The object store did not accept the request; retry later.',
  },
  // Fast transcription (ADR 0021): the platform's speech engine failed on the clip; nothing charged.
  engine_failed: {
    http: 502,
    grpc: GrpcStatus.INTERNAL,
    message: 'The speech engine failed while transcribing the clip; nothing was charged.',
  },
  // Fast transcription with target_language (ADR 0022): the translator failed on the text; nothing charged.
  translation_failed: {
    http: 502,
    grpc: GrpcStatus.INTERNAL,
    message: 'The translation of the clip failed; nothing was charged. Retry, or leave target_language out.',
  },
  // Managed AI (ADR 0020): the upstream provider failed (an error answer, a refused connection).
  upstream_error: {
    http: 502,
    grpc: GrpcStatus.UNAVAILABLE,
    message: 'The AI provider failed to answer; nothing was charged. Retry later.',
  },
  // Managed AI with no upstream provider configured; the message names the missing setting.
  ai_upstream_not_configured: {
    http: 503,
    grpc: GrpcStatus.UNAVAILABLE,
    message: 'No AI provider is configured on this deployment (AI_UPSTREAM_URL).',
  },
  // The web app (/app) could not be fetched from the web service (WEB_URL): refused, reset, no answer.
  app_unavailable: {
    http: 502,
    grpc: GrpcStatus.UNAVAILABLE,
    message: 'The web app is unavailable; retry later.',
  },
  // Register or upload without `Prefer: respond-async` (ADR 0034): the media is stored and still being verified when
  // the request's wait is spent. detail.media_id names it; GET it until `ready` or `failed` (Retry-After says when).
  verification_unfinished: {
    http: 503,
    grpc: GrpcStatus.UNAVAILABLE,
    message: 'The media is stored but its verification has not finished yet; poll GET /api/v1/media/{media_id}.',
  },
  service_unavailable: {
    http: 503,
    grpc: GrpcStatus.UNAVAILABLE,
    message: 'A backend service is unavailable; retry later.',
  },
  upstream_timeout: {
    http: 504,
    grpc: GrpcStatus.DEADLINE_EXCEEDED,
    message: 'A backend service did not answer in time.',
  },
} as const satisfies Record<string, { http: number; grpc: GrpcStatus; message: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}

export function httpStatusOf(code: ErrorCode): number {
  return ERROR_CODES[code].http;
}

export function grpcStatusOf(code: ErrorCode): GrpcStatus {
  return ERROR_CODES[code].grpc;
}
