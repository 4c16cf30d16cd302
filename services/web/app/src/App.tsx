import { useSyncExternalStore } from 'react';
import { createBrowserRouter, Navigate, NavLink, Outlet, RouterProvider, useLocation } from 'react-router';
import { SignOutButton } from './components/SignOutButton.tsx';
import { ApiAccessPage } from './pages/ApiAccessPage.tsx';
import { DevicesPage } from './pages/DevicesPage.tsx';
import { JobsPage } from './pages/JobsPage.tsx';
import { MediaPage } from './pages/MediaPage.tsx';
import { SignInPage } from './pages/SignInPage.tsx';
import { TranscriptPage } from './pages/TranscriptPage.tsx';
import { TranscriptsPage } from './pages/TranscriptsPage.tsx';
import { currentSession, subscribeSession } from './session.ts';

export function useSession() {
  return useSyncExternalStore(subscribeSession, currentSession);
}

/** Pages behind sign-in: without a session (or once the API says 401) you are sent to sign in. */
function SignedInLayout() {
  const session = useSession();
  const location = useLocation();
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
            <li>
              <NavLink to="/jobs">Jobs</NavLink>
            </li>
            <li>
              <NavLink to="/media">Media</NavLink>
            </li>
            <li>
              <NavLink to="/transcripts">Transcripts</NavLink>
            </li>
            <li>
              <NavLink to="/account/api-access">API access</NavLink>
            </li>
            <li>
              <NavLink to="/account/devices">Devices</NavLink>
            </li>
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
        { path: 'media', element: <MediaPage /> },
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
