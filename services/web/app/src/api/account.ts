// The account: signing in and out (app sessions), personal access tokens, signed-in devices, the
// app-experience preferences (ADR 0018) and the features granted.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client } from './client.ts';
import { keys, useWrite } from './keys.ts';
import type {
  AccessToken,
  AppExperience,
  AppExperienceChanges,
  AppSession,
  CreatedAccessToken,
  CreateTokenRequest,
  SignInRequest,
} from './schema.ts';

/** POST /auth/sessions: a device session of this browser. */
export function useSignIn(onSignedIn: (session: AppSession) => void) {
  return useMutation({
    mutationFn: (body: SignInRequest) => client.POST('/api/v1/auth/sessions', { body }),
    onSuccess: onSignedIn,
  });
}

/** DELETE /auth/sessions/current: this device logged out. */
export function useSignOut(onSettled: (error: Error | null) => void) {
  return useMutation({
    mutationFn: () => client.DELETE('/api/v1/auth/sessions/current'),
    onSettled: (_data, error) => onSettled(error),
  });
}

export function useAccessTokens() {
  return useQuery({ queryKey: keys.account.tokens, queryFn: () => client.GET('/api/v1/auth/tokens') });
}

/** POST /auth/tokens; the answer carries the secret, this once. */
export const useCreateAccessToken = (onCreated: (token: CreatedAccessToken) => void) =>
  useWrite((body: CreateTokenRequest) => client.POST('/api/v1/auth/tokens', { body }), keys.account.tokens, onCreated);

/** DELETE /auth/tokens/{id}: programs using it stop working at once. */
export const useRevokeAccessToken = (token: AccessToken, onRevoked: () => void) =>
  useWrite(
    () => client.DELETE('/api/v1/auth/tokens/{token_id}', { params: { path: { token_id: token.token_id } } }),
    keys.account.tokens,
    onRevoked,
  );

export function useDevices() {
  return useQuery({ queryKey: keys.account.devices, queryFn: () => client.GET('/api/v1/auth/devices') });
}

/** POST /auth/devices/{id}/logout: another device signed out. */
export const useLogOutDevice = () =>
  useWrite(
    (deviceId: string) =>
      client.POST('/api/v1/auth/devices/{device_id}/logout', { params: { path: { device_id: deviceId } }, body: {} }),
    keys.account.devices,
  );

/** POST /auth/devices/logout-all, this one kept. */
export const useLogOutOtherDevices = () =>
  useWrite(
    () => client.POST('/api/v1/auth/devices/logout-all', { body: { keep_current: true } }),
    keys.account.devices,
  );

/** The preferences, read once per visit and shared by every page: the theme, what new jobs and exports start with. */
export function useAppExperience(enabled = true) {
  return useQuery({
    enabled,
    queryKey: keys.account.appExperience,
    queryFn: () => client.GET('/api/v1/account/app-experience'),
    // Changed on this device through the Preferences page, which updates this cache when it saves.
    staleTime: 5 * 60_000,
  });
}

/** PATCH /account/app-experience with what changed. */
export function useSaveAppExperience(onSaved: (saved: AppExperience) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: AppExperienceChanges) => client.PATCH('/api/v1/account/app-experience', { body: changes }),
    onSuccess: (saved) => {
      queryClient.setQueryData(keys.account.appExperience, saved);
      onSaved(saved);
    },
  });
}

export function useFeatures() {
  return useQuery({ queryKey: keys.account.features, queryFn: () => client.GET('/api/v1/account/features') });
}
