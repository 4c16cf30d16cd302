export interface DeviceSession {
  device_id: string;
  device_name: string;
  user_agent: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  current: boolean;
}

export interface AppSession {
  session_token: string;
  token_type: 'Bearer';
  expires_at: string;
  device: DeviceSession;
}

export interface AccessToken {
  token_id: string;
  name: string;
  scopes: string[];
  display_prefix: string;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
}

export interface CreatedAccessToken extends AccessToken {
  token: string;
}

export type MediaStatus = 'awaiting_upload' | 'verifying' | 'ready' | 'failed' | 'expired';

export interface Media {
  media_id: string;
  workspace_id: string | null;
  file_name: string;
  content_type: string;
  size_bytes: number;
  duration_seconds: number | null;
  container_format: string | null;
  status: MediaStatus;
  source: 'upload_session' | 'direct_upload' | 'register';
  created_at: string;
  verified_at: string | null;
  failure: { code: string; message: string } | null;
}

export interface UploadSession {
  upload_url: string;
  media_id: string;
  finalize_token: string;
  upload_url_expires_at: string;
  expires_at: string;
  upload_headers: Record<string, string>;
}

export interface VerificationPending {
  status: 'verification_pending';
  media_id: string;
  verification_id: string;
  retry_after_seconds: number;
}

export type ShareStatus = 'active' | 'revoked' | 'expired' | 'taken_down';

/** A public link to a transcript; `share_url` only in the answer that created or rotated it. */
export interface Share {
  share_id: string;
  share_kind: 'transcript';
  access_scope: 'everyone';
  target_id: string;
  target_version_id: string | null;
  title: string;
  status: ShareStatus;
  share_url: string | null;
  token_hint: string;
  expires_at: string | null;
  open_count: number;
  last_opened_at: string | null;
  created_at: string;
  updated_at: string;
  rotated_at: string | null;
  revoked_at: string | null;
}

export interface Artifact {
  artifact_id: string;
  artifact_type: 'transcript' | 'media_export';
  media_id: string;
  workspace_id: string | null;
  job_id: string | null;
  title: string;
  current_version_id: string;
  version_count: number;
  created_at: string;
  updated_at: string;
}

export interface Balance {
  available_credits: number;
  reserved_credits: number;
  total_credits: number;
  available_usd: number;
  reserved_usd: number;
  total_usd: number;
  as_of: string;
}

export interface CreditGrant {
  grant_id: string;
  amount_credits: number;
  remaining_credits: number;
  reason: string;
  created_at: string;
  expires_at: string | null;
  expired: boolean;
}

export type LedgerKind = 'grant' | 'reservation' | 'release' | 'settlement' | 'charge' | 'expiry' | 'adjustment';

export interface LedgerEntry {
  entry_id: string;
  kind: LedgerKind;
  available_delta_credits: number;
  reserved_delta_credits: number;
  available_after_credits: number;
  reserved_after_credits: number;
  reference: string;
  description: string;
  created_at: string;
}

export interface BillingProfile {
  currency: string;
  credit_price: number;
  plan: string;
  limits: { max_concurrent_jobs: number; storage_quota_bytes: number; max_upload_bytes: number };
}
