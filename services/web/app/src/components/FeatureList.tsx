import type { Feature } from '../api/schema.ts';
import { formatDate } from './Status.tsx';

/** The effective features (GET /account/features), read only: an operator grants them. */
export function FeatureList({ features }: { features: Feature[] }) {
  if (features.length === 0) return <p className="muted">This deployment has no features to grant.</p>;
  return (
    <ul className="cards" aria-label="Features">
      {features.map((feature) => (
        <li key={feature.feature_key} className="card" aria-label={feature.feature_key}>
          <h3>
            <code>{feature.feature_key}</code>{' '}
            <span className="badge">{feature.enabled ? 'Enabled' : 'Not enabled'}</span>
          </h3>
          <p>{feature.description}</p>
          {feature.granted_at && (
            <dl className="facts">
              <dt>Granted</dt>
              <dd>{formatDate(feature.granted_at)}</dd>
            </dl>
          )}
        </li>
      ))}
    </ul>
  );
}
