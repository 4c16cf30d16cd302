import { useEffect, useSyncExternalStore } from 'react';
import { createBrowserRouter, Navigate, NavLink, Outlet, RouterProvider, useLocation } from 'react-router';
import { useAppExperience } from './api/account.ts';
import { SignOutButton } from './components/SignOutButton.tsx';
import { ApiAccessPage } from './pages/ApiAccessPage.tsx';
import { BillingPage } from './pages/BillingPage.tsx';
import { DevicesPage } from './pages/DevicesPage.tsx';
import { JobsPage } from './pages/JobsPage.tsx';
import { MediaPage } from './pages/MediaPage.tsx';
import { PreferencesPage } from './pages/PreferencesPage.tsx';
import { SharesPage } from './pages/SharesPage.tsx';
import { SignInPage } from './pages/SignInPage.tsx';
import { TranscriptPage } from './pages/TranscriptPage.tsx';
import { TranscriptsPage } from './pages/TranscriptsPage.tsx';
import { currentSession, subscribeSession } from './session.ts';

export function useSession() {
  return useSyncExternalStore(subscribeSession, currentSession);
}

/**
 * Shows the chosen theme: `data-theme` on the root element picks the light or dark colours
 * (styles.css); "system" (or preferences not loaded yet) follows the device's setting.
 */
function useThemePreference(signedIn: boolean): void {
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

/** The main menu: the work, then the account's settings. */
const NAV = [
  ['/jobs', 'Jobs'],
  ['/media', 'Media'],
  ['/transcripts', 'Transcripts'],
  ['/shares', 'Shares'],
  ['/billing', 'Billing'],
  ['/account/api-access', 'API access'],
  ['/account/devices', 'Devices'],
  ['/account/preferences', 'Preferences'],
] as const;

/** Pages behind sign-in: without a session (or once the API says 401) you are sent to sign in. */
function SignedInLayout() {
  const session = useSession();
  const location = useLocation();
  useThemePreference(Boolean(session));
  if (!session) return <Navigate to="/sign-in" replace state={{ from: location.pathname }} />;
  return (
    <div className="layout">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="top-bar">
        <span className="brand">Transcription</span>
        <nav aria-label="Main">
          <ul>
            {NAV.map(([to, label]) => (
              <li key={to}>
                <NavLink to={to}>{label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="user">
          <span>
            Signed in as <strong>{session.email}</strong>
          </span>
          <SignOutButton />
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}

function NotFoundPage() {
  return (
    <main id="main" className="narrow">
      <h1>Page not found</h1>
      <p>
        <NavLink to="/">Go to the start page</NavLink>
      </p>
    </main>
  );
}

const router = createBrowserRouter(
  [
    { path: '/sign-in', element: <SignInPage /> },
    {
      path: '/',
      element: <SignedInLayout />,
      children: [
        { index: true, element: <Navigate to="/jobs" replace /> },
        { path: 'jobs', element: <JobsPage /> },
        { path: 'account', element: <Navigate to="/account/api-access" replace /> },
        { path: 'account/api-access', element: <ApiAccessPage /> },
        { path: 'account/devices', element: <DevicesPage /> },
        { path: 'account/preferences', element: <PreferencesPage /> },
        { path: 'media', element: <MediaPage /> },
        { path: 'shares', element: <SharesPage /> },
        { path: 'billing', element: <BillingPage /> },
        {
          path: 'transcripts',
          children: [
            { index: true, element: <TranscriptsPage /> },
            { path: ':artifactId', element: <TranscriptPage /> },
          ],
        },
      ],
    },
    { path: '*', element: <NotFoundPage /> },
  ],
  { basename: '/app' },
);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
