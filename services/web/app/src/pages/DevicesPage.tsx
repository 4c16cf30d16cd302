import { useDevices, useLogOutDevice, useLogOutOtherDevices } from '../api/account.ts';
import { ErrorMessage, formatDate, Loading } from '../components/Status.tsx';

export function DevicesPage() {
  const devices = useDevices();
  const logOut = useLogOutDevice();
  const logOutOthers = useLogOutOtherDevices();
  const others = devices.data?.devices.filter((device) => !device.current) ?? [];
  return (
    <section aria-labelledby="devices-title">
      <h1 id="devices-title">Devices</h1>
      <p className="muted">Browsers and apps signed in to your account.</p>
      {devices.isPending && <Loading label="Loading devices…" />}
      {devices.isError && <ErrorMessage error={devices.error} retry={() => devices.refetch()} />}
      {devices.isSuccess && (
        <>
          <ul className="cards" aria-label="Signed-in devices">
            {devices.data.devices.map((device) => (
              <li key={device.device_id} className="card" aria-label={device.device_name || 'Unnamed device'}>
                <h2>
                  {device.device_name || 'Unnamed device'}
                  {device.current && <span className="badge">This device</span>}
                </h2>
                <p className="muted small">{device.user_agent}</p>
                <dl className="facts">
                  <dt>Signed in</dt>
                  <dd>{formatDate(device.created_at)}</dd>
                  <dt>Last active</dt>
                  <dd>{formatDate(device.last_seen_at)}</dd>
                </dl>
                {!device.current && (
                  <button
                    type="button"
                    className="secondary"
                    disabled={logOut.isPending && logOut.variables === device.device_id}
                    onClick={() => logOut.mutate(device.device_id)}
                    aria-label={`Log out ${device.device_name || 'unnamed device'}`}
                  >
                    Log out
                  </button>
                )}
              </li>
            ))}
          </ul>
          {logOut.isError && <ErrorMessage error={logOut.error} />}
          <button
            type="button"
            onClick={() => logOutOthers.mutate()}
            disabled={others.length === 0 || logOutOthers.isPending}
          >
            {logOutOthers.isPending ? 'Logging out…' : 'Log out all other devices'}
          </button>
          {logOutOthers.isSuccess && (
            <p role="status">Logged out {logOutOthers.data.revoked_device_ids.length} other device(s).</p>
          )}
          {logOutOthers.isError && <ErrorMessage error={logOutOthers.error} />}
        </>
      )}
    </section>
  );
}
