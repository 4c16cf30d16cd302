// web (services/web): an HTTP-only Deployment and Service the gateway forwards /app to (WEB_URL),
// hardened like the others, and the origins its CSP lets the app fetch media from.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { find, podTemplate, render, valuesFile } from './manifests.ts';
import { container, envOf, testRendered } from './support.ts';

testRendered({
  'web: HTTP 8080 and ops 9111 on 0.0.0.0, probed on the ops port, nothing of the fleet Secret or identity': (
    manifests,
  ) => {
    const web = container(manifests, 'web');
    assert.deepEqual(Object.fromEntries((web.ports ?? []).map((port) => [port.name, port.containerPort])), {
      http: 8080,
      ops: 9111,
    });
    for (const [name, value] of Object.entries({
      HOST: '0.0.0.0',
      PORT: '8080',
      OPS_HOST: '0.0.0.0',
      OPS_PORT: '9111',
    }))
      assert.equal(envOf(web, name).value, value, name);
    assert.ok(envOf(web, 'LOG_LEVEL').valueFrom?.configMapKeyRef);
    assert.deepEqual(web.startupProbe?.httpGet, { path: '/healthz', port: 'ops' });
    assert.deepEqual(web.livenessProbe?.httpGet, { path: '/healthz', port: 'ops' });
    assert.deepEqual(web.readinessProbe?.httpGet, { path: '/readyz', port: 'ops' });
    assert.equal(web.securityContext?.readOnlyRootFilesystem, true);
    assert.equal(web.securityContext?.allowPrivilegeEscalation, false);
    assert.ok(web.resources?.limits?.memory && web.resources.requests?.cpu);
    assert.ok(!(web.env ?? []).some((variable) => variable.valueFrom?.secretKeyRef), 'no Secret');
    const pod = podTemplate(find(manifests, 'Deployment', 'web')).spec;
    assert.equal(pod.automountServiceAccountToken, false);
    assert.equal(pod.securityContext?.runAsNonRoot, true);
    assert.match(envOf(container(manifests, 'gateway'), 'WEB_URL').value ?? '', /^http:\/\/tp-transcription-web:8080$/);
  },
});

test('WEB_CONNECT_SOURCES: web.connectSources, else the public S3 origin, else unset', async () => {
  const sources = async (values: unknown) =>
    (container(await render(await valuesFile(values)), 'web').env ?? []).find(
      (variable) => variable.name === 'WEB_CONNECT_SOURCES',
    )?.value;
  assert.equal(await sources({}), undefined, 'AWS S3 without an endpoint: the operator names it');
  const minio = { endpoint: 'http://minio:9000', forcePathStyle: true };
  assert.equal(await sources({ media: { s3: minio } }), 'http://minio:9000');
  assert.equal(
    await sources({ media: { s3: { ...minio, publicEndpoint: 'https://files.example.com/s3' } } }),
    'https://files.example.com',
  );
  assert.equal(
    await sources({ media: { s3: { endpoint: 'https://s3.example.com', bucket: 'media-1', forcePathStyle: false } } }),
    'https://media-1.s3.example.com',
  );
  assert.equal(
    await sources({ media: { s3: minio }, web: { connectSources: ['https://a.example', 'https://b.example:8443'] } }),
    'https://a.example,https://b.example:8443',
  );
});

test('without web the gateway has no WEB_URL and nothing of web is rendered', async () => {
  const manifests = await render(await valuesFile({ web: { enabled: false } }));
  assert.ok(!manifests.some((manifest) => manifest.metadata.labels?.['app.kubernetes.io/component'] === 'web'));
  assert.ok(!(container(manifests, 'gateway').env ?? []).some((variable) => variable.name === 'WEB_URL'));
});
