// Components can be switched off one by one; what stays keeps working.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { find, podTemplate, render, valuesFile } from './manifests.ts';
import { BILLING_NUMBERS, container, envOf } from './support.ts';

test('disabling a component removes all its objects', async () => {
  const manifests = await render(await valuesFile({ gateway: { enabled: false }, migrations: { enabled: false } }));
  const components = new Set(manifests.map((manifest) => manifest.metadata.labels?.['app.kubernetes.io/component']));
  assert.ok(!components.has('gateway'));
  assert.ok(!components.has('migrations'));
  assert.ok(components.has('accounts'));
  assert.ok(components.has('media'));
  assert.ok(components.has('billing'));
  assert.ok(components.has('artifacts'));

  const withoutMedia = await render(await valuesFile({ media: { enabled: false } }));
  assert.ok(!withoutMedia.some((manifest) => manifest.metadata.labels?.['app.kubernetes.io/component'] === 'media'));
  assert.ok(withoutMedia.some((manifest) => manifest.metadata.labels?.['app.kubernetes.io/component'] === 'accounts'));
  // billing still takes its quota and upload limit from media.uploads.
  assert.equal(
    envOf(container(withoutMedia, 'billing'), 'STORAGE_QUOTA_BYTES').value,
    BILLING_NUMBERS.STORAGE_QUOTA_BYTES,
  );
  // artifacts still takes its storage from media.s3.
  assert.equal(envOf(container(withoutMedia, 'artifacts'), 'S3_BUCKET').value, 'transcription-media');

  const withoutBilling = await render(await valuesFile({ billing: { enabled: false } }));
  assert.ok(
    !withoutBilling.some((manifest) => manifest.metadata.labels?.['app.kubernetes.io/component'] === 'billing'),
  );
  assert.ok(withoutBilling.some((manifest) => manifest.metadata.labels?.['app.kubernetes.io/component'] === 'media'));

  const withoutArtifacts = await render(await valuesFile({ artifacts: { enabled: false } }));
  assert.ok(
    !withoutArtifacts.some((manifest) => manifest.metadata.labels?.['app.kubernetes.io/component'] === 'artifacts'),
  );
  assert.ok(withoutArtifacts.some((manifest) => manifest.metadata.labels?.['app.kubernetes.io/component'] === 'media'));

  // jobs without workers is refused (no engine to accept, see above); both go together.
  const withoutJobs = await render(await valuesFile({ jobs: { enabled: false }, worker: { enabled: false } }));
  for (const gone of ['jobs', 'worker'])
    assert.ok(
      !withoutJobs.some((manifest) => manifest.metadata.labels?.['app.kubernetes.io/component'] === gone),
      gone,
    );
  assert.ok(withoutJobs.some((manifest) => manifest.metadata.labels?.['app.kubernetes.io/component'] === 'gateway'));
  const urls = (podTemplate(find(withoutJobs, 'Job', 'migrations')).spec.containers[0]?.env ?? []).map(
    (variable) => variable.name,
  );
  // deploy --all migrates every schema of the image, enabled or not: the jobs schema holds data.
  assert.ok(urls.includes('DATABASE_URL'), 'the jobs schema is still migrated: it holds data');

  const withoutShares = await render(await valuesFile({ shares: { enabled: false } }));
  assert.ok(!withoutShares.some((manifest) => manifest.metadata.labels?.['app.kubernetes.io/component'] === 'shares'));
  assert.ok(withoutShares.some((manifest) => manifest.metadata.labels?.['app.kubernetes.io/component'] === 'gateway'));
  const shareUrls = (podTemplate(find(withoutShares, 'Job', 'migrations')).spec.containers[0]?.env ?? []).map(
    (variable) => variable.name,
  );
  assert.ok(shareUrls.includes('DATABASE_URL'), 'the shares schema is still migrated: it holds data');
});
