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
