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
