import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@tp/sdk';
import { useNavigate } from 'react-router';
import { useSignOut } from '../api/account.ts';
import { errorMessage } from '../api/errors.ts';
import { clearSession } from '../session.ts';

/** Logs out this device (DELETE /auth/sessions/current), then forgets the session here. */
export function SignOutButton() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signOut = useSignOut((error) => {
    // A session the API no longer knows (401) is signed out already.
    if (error && !(error instanceof ApiError && error.status === 401)) return;
    clearSession();
    queryClient.clear();
    navigate('/sign-in', { replace: true });
  });
  return (
    <>
      <button type="button" className="secondary" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
        {signOut.isPending ? 'Signing out…' : 'Sign out'}
      </button>
      {signOut.isError && (
        <span role="alert" className="error-inline">
          Sign out failed: {errorMessage(signOut.error)}
        </span>
      )}
    </>
  );
}
