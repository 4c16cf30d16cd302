// The signed-in person's app-experience preferences (GET /account/app-experience, ADR 0018), read
// once per visit and shared by every page: the theme the app shows, the profile new jobs start with.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from './api.ts';
import type { AppExperience } from './preferences.ts';

export const APP_EXPERIENCE = ['account', 'app-experience'] as const;

export function useAppExperience(enabled = true) {
  return useQuery({
    enabled,
    queryKey: APP_EXPERIENCE,
    queryFn: () => api<AppExperience>('GET', '/account/app-experience'),
    // Changed on this device through the Preferences page, which updates this cache when it saves.
    staleTime: 5 * 60_000,
  });
}

/**
 * Shows the chosen theme: `data-theme` on the root element picks the light or dark colours
 * (styles.css); "system" (or preferences not loaded yet) follows the device's setting.
 */
export function useThemePreference(signedIn: boolean): void {
  const theme = useAppExperience(signedIn).data?.theme;
  useEffect(() => {
    const root = document.documentElement;
    if (theme === 'light' || theme === 'dark') root.dataset.theme = theme;
    else delete root.dataset.theme;
    return () => {
      delete root.dataset.theme;
    };
  }, [theme]);
}
