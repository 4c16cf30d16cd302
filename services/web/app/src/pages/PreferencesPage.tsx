import './preferences.css';
import { useAppExperience, useFeatures } from '../api/account.ts';
import { FeatureList } from '../components/FeatureList.tsx';
import { PreferencesForm } from '../components/PreferencesForm.tsx';
import { ErrorMessage, Loading } from '../components/Status.tsx';

/** Account → Preferences: the app-experience preferences (ADR 0018), and the features the account has. */
export function PreferencesPage() {
  const preferences = useAppExperience();
  const features = useFeatures();
  return (
    <section aria-labelledby="preferences-title">
      <h1 id="preferences-title">Preferences</h1>
      <p className="muted">What the app preselects and how it looks, on every device you sign in on.</p>
      {preferences.isPending && <Loading label="Loading preferences…" />}
      {preferences.isError && <ErrorMessage error={preferences.error} retry={() => preferences.refetch()} />}
      {preferences.isSuccess && <PreferencesForm saved={preferences.data} />}
      <h2>Features</h2>
      <p className="muted">What your account may use. An operator grants features; they cannot be changed here.</p>
      {features.isPending && <Loading label="Loading features…" />}
      {features.isError && <ErrorMessage error={features.error} retry={() => features.refetch()} />}
      {features.isSuccess && <FeatureList features={features.data} />}
    </section>
  );
}
