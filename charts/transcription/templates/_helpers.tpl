{{/*
Names and labels. Every object is <fullname>-<component>; fullname follows the usual Helm rule
(release name, plus the chart name unless the release name already contains it).
*/}}
{{- define "transcription.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "transcription.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{/* <fullname>-<component>, e.g. (include "transcription.componentName" (list $ "accounts")). */}}
{{- define "transcription.componentName" -}}
{{- $root := index . 0 }}
{{- printf "%s-%s" (include "transcription.fullname" $root | trunc 50 | trimSuffix "-") (index . 1) }}
{{- end }}

{{- define "transcription.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "transcription.selectorLabels" -}}
app.kubernetes.io/name: {{ include "transcription.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}

{{- define "transcription.labels" -}}
helm.sh/chart: {{ include "transcription.chart" . }}
{{ include "transcription.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: transcription
{{- with .Values.commonLabels }}
{{ toYaml . }}
{{- end }}
{{- end }}

{{/* (list $ "gateway") */}}
{{- define "transcription.componentSelectorLabels" -}}
{{ include "transcription.selectorLabels" (index . 0) }}
app.kubernetes.io/component: {{ index . 1 }}
{{- end }}

{{- define "transcription.componentLabels" -}}
{{ include "transcription.labels" (index . 0) }}
app.kubernetes.io/component: {{ index . 1 }}
{{- end }}

{{/*
Image reference: <global.image.registry>/<repository>(@<digest>|:<tag>).
(list $ .Values.gateway.image)
*/}}
{{- define "transcription.image" -}}
{{- $root := index . 0 }}
{{- $image := index . 1 }}
{{- $registry := $root.Values.global.image.registry | trimSuffix "/" }}
{{- $repository := ternary $image.repository (printf "%s/%s" $registry $image.repository) (empty $registry) }}
{{- if $image.digest }}
{{- printf "%s@%s" $repository $image.digest }}
{{- else }}
{{- printf "%s:%s" $repository (coalesce $image.tag $root.Values.global.image.tag $root.Chart.AppVersion | toString) }}
{{- end }}
{{- end }}

{{- define "transcription.configMapName" -}}
{{- printf "%s-config" (include "transcription.fullname" .) }}
{{- end }}

{{- define "transcription.secretName" -}}
{{- .Values.secrets.existingSecret | default (printf "%s-secrets" (include "transcription.fullname" .)) }}
{{- end }}

{{/*
Services that own a PostgreSQL schema (ADR 0036). Each reads DATABASE_URL from a Secret of its own
(transcription.databaseSecretName), which logs in as its own role (tp_<schema>); the migration job
reads the migrations role's. A new data-owning service adds itself here, to secrets.databaseUrls
in values.yaml and to values.schema.json.
*/}}
{{- define "transcription.databaseServices" -}}
{{- list "accounts" "billing" "media" "artifacts" "jobs" "shares" "webhook-dispatcher" | toJson }}
{{- end }}

{{/*
The Secret holding DATABASE_URL of a data-owning service or of "migrations": (list $ "media").
secrets.databaseSecrets.<name> when it names one you manage, else <fullname>-db-<name> (database-secrets.yaml).
*/}}
{{- define "transcription.databaseSecretName" -}}
{{- $root := index . 0 }}
{{- $name := index . 1 }}
{{- get ($root.Values.secrets.databaseSecrets | default dict) $name | default (printf "%s-db-%s" (include "transcription.fullname" $root) $name) }}
{{- end }}

{{/* DATABASE_URL from that Secret: (list $ "media") */}}
{{- define "transcription.databaseUrlEnv" -}}
- name: DATABASE_URL
  valueFrom:
    secretKeyRef:
      name: {{ include "transcription.databaseSecretName" . }}
      key: DATABASE_URL
{{- end }}

{{/*
Rolls a data-owning service's pods when its database URL changes (a rotated password: the
runbook database-roles.md): a hash of the inline URL, or of the name of the Secret you manage.
*/}}
{{- define "transcription.databaseChecksum" -}}
{{- $root := index . 0 }}
{{- $name := index . 1 }}
{{- if has $name (include "transcription.databaseServices" $root | fromJsonArray) }}
checksum/database: {{ printf "%s|%s" (get $root.Values.secrets.databaseUrls $name | default "") (include "transcription.databaseSecretName" .) | sha256sum }}
{{- end }}
{{- end }}

{{/*
Every key the workloads require in the Secret; checked against an existingSecret. The optional
pair S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY (transcription.optionalSecretKeys) is checked apart.
*/}}
{{- define "transcription.secretKeys" -}}
{{- list "NATS_URL" "SESSION_SIGNING_SECRET" "ADMIN_API_KEY" "MEDIA_TOKEN_SECRET" | toJson }}
{{- end }}

{{/*
Static object storage credentials of media and artifacts: both keys or neither. Without them each
service uses its pod's IAM role (IRSA / EKS Pod Identity) through the AWS SDK's default credential
chain.
*/}}
{{- define "transcription.optionalSecretKeys" -}}
{{- list "S3_ACCESS_KEY_ID" "S3_SECRET_ACCESS_KEY" | toJson }}
{{- end }}

{{/*
Object storage settings of every service that uses the bucket (media, artifacts). ONE source,
media.s3 and secrets.s3*, rendered by ONE template, so the services can never point at different
buckets or endpoints. Unset endpoints are left out (AWS S3; presigned URLs use the endpoint).
*/}}
{{- define "transcription.s3Env" -}}
{{- $s3 := .Values.media.s3 }}
{{- with $s3.endpoint }}
- name: S3_ENDPOINT
  value: {{ . | quote }}
{{- end }}
{{- with $s3.publicEndpoint }}
- name: S3_PUBLIC_ENDPOINT
  value: {{ . | quote }}
{{- end }}
- name: S3_REGION
  value: {{ $s3.region | quote }}
- name: S3_BUCKET
  value: {{ $s3.bucket | quote }}
- name: S3_FORCE_PATH_STYLE
  value: {{ $s3.forcePathStyle | toString | quote }}
{{- /* Static keys when configured; none: the pod's IAM role (IRSA / EKS Pod Identity). */}}
{{- if .Values.secrets.existingSecret }}
{{- range include "transcription.optionalSecretKeys" . | fromJsonArray }}
{{ include "transcription.optionalSecretEnv" (list $ . .) }}
{{- end }}
{{- else if .Values.secrets.s3AccessKeyId }}
{{- range include "transcription.optionalSecretKeys" . | fromJsonArray }}
{{ include "transcription.secretEnv" (list $ . .) }}
{{- end }}
{{- end }}
{{- end }}

{{/* An env entry read from the fleet Secret: (list $ "ENV_NAME" "SECRET_KEY") */}}
{{- define "transcription.secretEnv" -}}
- name: {{ index . 1 }}
  valueFrom:
    secretKeyRef:
      name: {{ include "transcription.secretName" (index . 0) }}
      key: {{ index . 2 }}
{{- end }}

{{/* An env entry from the fleet Secret that stays unset when the key is absent: (list $ "ENV_NAME" "SECRET_KEY") */}}
{{- define "transcription.optionalSecretEnv" -}}
{{ include "transcription.secretEnv" . }}
      optional: true
{{- end }}

{{/* Logging and tracing settings every service reads from the ConfigMap. */}}
{{- define "transcription.observabilityEnv" -}}
- name: LOG_LEVEL
  valueFrom:
    configMapKeyRef:
      name: {{ include "transcription.configMapName" . }}
      key: LOG_LEVEL
- name: OTEL_EXPORTER_OTLP_ENDPOINT
  valueFrom:
    configMapKeyRef:
      name: {{ include "transcription.configMapName" . }}
      key: OTEL_EXPORTER_OTLP_ENDPOINT
      # Absent when tracing is off, and then the variable is not set at all.
      optional: true
{{- end }}

{{/*
Settings every service on the bus reads: observabilityEnv plus NATS_URL (billing has no bus). Each
service on it also reads its own credentials (transcription.natsCredentialsEnv).
*/}}
{{- define "transcription.commonEnv" -}}
{{ include "transcription.observabilityEnv" . }}
{{ include "transcription.secretEnv" (list . "NATS_URL" "NATS_URL") }}
{{- end }}

{{/*
Pod annotations that roll the pods when the configuration they read changes. With an
existingSecret the chart cannot see its content: roll with `kubectl rollout restart` (runbook).
*/}}
{{- define "transcription.checksumAnnotations" -}}
checksum/config: {{ include (print .Template.BasePath "/configmap.yaml") . | sha256sum }}
{{- if not .Values.secrets.existingSecret }}
checksum/secret: {{ include (print .Template.BasePath "/secret.yaml") . | sha256sum }}
{{- end }}
checksum/service-identity: {{ include "transcription.identityChecksum" . }}
{{- end }}

{{- define "transcription.serviceAccountName" -}}
{{- $root := index . 0 }}
{{- $component := index . 1 }}
{{- $sa := (index $root.Values $component).serviceAccount }}
{{- if $sa.create }}
{{- $sa.name | default (include "transcription.componentName" (list $root $component)) }}
{{- else }}
{{- $sa.name | default "default" }}
{{- end }}
{{- end }}

{{/*
Hardened container parts shared by every container: (list $ .Values.<component>), or
(list $ $values $extraVolumeMounts) for a container that mounts more than /tmp.
*/}}
{{- define "transcription.containerBase" -}}
{{- $root := index . 0 }}
{{- $values := index . 1 }}
image: {{ include "transcription.image" (list $root $values.image) }}
imagePullPolicy: {{ $root.Values.global.image.pullPolicy }}
securityContext:
  {{- toYaml $root.Values.securityContext | nindent 2 }}
resources:
  {{- toYaml $values.resources | nindent 2 }}
volumeMounts:
  - name: tmp
    mountPath: /tmp
{{- if gt (len .) 2 }}
{{- with index . 2 }}
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end }}
{{- end }}

{{/*
Pod-level parts shared by every workload: (list $ .Values.<component>), or
(list $ $values $extraVolumes) for a pod with more volumes than /tmp. $values.tmpSizeLimit, when
the component has one (the worker), overrides the global tmpSizeLimit.
*/}}
{{- define "transcription.podBase" -}}
{{- $root := index . 0 }}
{{- $values := index . 1 }}
{{- with $root.Values.global.imagePullSecrets }}
imagePullSecrets:
  {{- range . }}
  - name: {{ . }}
  {{- end }}
{{- end }}
securityContext:
  {{- toYaml $root.Values.podSecurityContext | nindent 2 }}
# The services never call the Kubernetes API (the key Job mounts its token explicitly), and
# service links could shadow their env.
automountServiceAccountToken: false
enableServiceLinks: false
{{- with $values.priorityClassName }}
priorityClassName: {{ . }}
{{- end }}
{{- with $values.nodeSelector }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with $values.tolerations }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with $values.affinity }}
affinity:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with $values.topologySpreadConstraints }}
topologySpreadConstraints:
  {{- toYaml . | nindent 2 }}
{{- end }}
volumes:
  # The only writable path: the root filesystem is read-only.
  - name: tmp
    emptyDir:
      sizeLimit: {{ $values.tmpSizeLimit | default $root.Values.tmpSizeLimit }}
{{- if gt (len .) 2 }}
{{- with index . 2 }}
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end }}
{{- end }}

{{/* Deployment metadata and pod template metadata: (list $ "gateway") */}}
{{- define "transcription.podMetadata" -}}
{{- $root := index . 0 }}
{{- $component := index . 1 }}
{{- $values := index $root.Values $component }}
metadata:
  labels:
    {{- include "transcription.componentLabels" (list $root $component) | nindent 4 }}
    {{- with $values.podLabels }}
    {{- toYaml . | nindent 4 }}
    {{- end }}
  annotations:
    {{- include "transcription.checksumAnnotations" $root | nindent 4 }}
    {{- with include "transcription.databaseChecksum" . }}
    {{- . | nindent 4 }}
    {{- end }}
    {{- with include "transcription.natsCredentialsChecksum" . }}
    {{- . | nindent 4 }}
    {{- end }}
    {{- with include "transcription.scrapeAnnotations" . }}
    {{- . | nindent 4 }}
    {{- end }}
    {{- with $values.podAnnotations }}
    {{- toYaml . | nindent 4 }}
    {{- end }}
{{- end }}

{{/* ServiceAccount of a component, when it creates one: (list $ "gateway") */}}
{{- define "transcription.serviceAccount" -}}
{{- $root := index . 0 }}
{{- $component := index . 1 }}
{{- $sa := (index $root.Values $component).serviceAccount }}
{{- if $sa.create }}
apiVersion: v1
kind: ServiceAccount
metadata:
  name: {{ include "transcription.serviceAccountName" . }}
  labels:
    {{- include "transcription.componentLabels" . | nindent 4 }}
  {{- with $sa.annotations }}
  annotations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
automountServiceAccountToken: false
{{- end }}
{{- end }}

{{/* PodDisruptionBudget of a component: (list $ "gateway") */}}
{{- define "transcription.podDisruptionBudget" -}}
{{- $root := index . 0 }}
{{- $component := index . 1 }}
{{- $pdb := (index $root.Values $component).podDisruptionBudget }}
{{- if $pdb.enabled }}
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: {{ include "transcription.componentName" . }}
  labels:
    {{- include "transcription.componentLabels" . | nindent 4 }}
spec:
  maxUnavailable: {{ $pdb.maxUnavailable }}
  selector:
    matchLabels:
      {{- include "transcription.componentSelectorLabels" . | nindent 6 }}
{{- end }}
{{- end }}

{{/* Rolling update that never drops below the desired replica count. */}}
{{- define "transcription.deploymentStrategy" -}}
revisionHistoryLimit: 5
strategy:
  type: RollingUpdate
  rollingUpdate:
    maxSurge: 1
    maxUnavailable: 0
{{- end }}


{{/* In-cluster gRPC address of a component's Service: (list $ "media") gives <fullname>-media:50052. */}}
{{- define "transcription.grpcAddr" -}}
{{- $root := index . 0 }}
{{- $component := index . 1 }}
{{- printf "%s:%v" (include "transcription.componentName" .) (index $root.Values $component).service.port }}
{{- end }}

{{/*
Worker pools. Each enabled entry of worker.pools is one Deployment (and PodDisruptionBudget, and
optionally a KEDA ScaledObject) named <fullname>-worker-<pool>, labelled with the pool so the
objects of one pool never select another's pods.
*/}}
{{- define "transcription.workerPoolLabel" -}}
transcription/worker-pool
{{- end }}

{{/* The enabled pools by name, sorted, as JSON; none when the worker is disabled. */}}
{{- define "transcription.workerPools" -}}
{{- $pools := list }}
{{- if .Values.worker.enabled }}
{{- range $name, $pool := .Values.worker.pools }}
{{- if $pool.enabled }}
{{- $pools = append $pools $name }}
{{- end }}
{{- end }}
{{- end }}
{{- $pools | toJson }}
{{- end }}

{{/*
jobs' ENGINES: what the enabled pools serve, once, sorted, comma-separated. Derived, never set, so
jobs never accepts a profile no pool of the release serves. An engine with models the operator
provides is named with each model a pool serves (whisper:small.en, from models.served); the others
bare (pocketsphinx: every model of the engine).
*/}}
{{- define "transcription.workerEngines" -}}
{{- $engines := list }}
{{- range include "transcription.workerPools" . | fromJsonArray }}
{{- $p := index $.Values.worker.pools . }}
{{- range $p.engines }}
{{- if eq . "whisper" }}
{{- range (dig "models" "served" list $p) }}
{{- $engines = append $engines (printf "whisper:%s" .) }}
{{- end }}
{{- else }}
{{- $engines = append $engines . }}
{{- end }}
{{- end }}
{{- end }}
{{- $engines | uniq | sortAlpha | join "," }}
{{- end }}

{{/*
The pool the profile catalog (packages/catalog PROFILES, `pool`) sends each engine's jobs to: jobs
publishes a job's ticket on work.transcription.<profile pool>, so an engine runs in that pool or its
jobs are never pulled. A chart test checks this table against the catalog.
*/}}
{{- define "transcription.enginePools" -}}
{{- dict "pocketsphinx" "cpu" "whisper" "gpu" | toJson }}
{{- end }}

{{/* <fullname>-worker-<pool>: (list $ "cpu") */}}
{{- define "transcription.workerName" -}}
{{- printf "%s-%s" (include "transcription.componentName" (list (index . 0) "worker")) (index . 1) }}
{{- end }}

{{/* Labels of a pool's objects (selector labels with the pool): (list $ "cpu") */}}
{{- define "transcription.workerSelectorLabels" -}}
{{ include "transcription.componentSelectorLabels" (list (index . 0) "worker") }}
{{ include "transcription.workerPoolLabel" . }}: {{ index . 1 }}
{{- end }}

{{- define "transcription.workerLabels" -}}
{{ include "transcription.componentLabels" (list (index . 0) "worker") }}
{{ include "transcription.workerPoolLabel" . }}: {{ index . 1 }}
{{- end }}

{{/*
The JetStream durable consumer a pool's workers pull transcription work with: the stream is WORK
(subjects work.<job_type>.<pool>), the durable worker-<job_type>-<pool>. KEDA reads its lag.
*/}}
{{- define "transcription.workerConsumer" -}}
{{- printf "worker-transcription-%s" . }}
{{- end }}

{{/*
The pool's durable consumer of caption burn tickets (work.caption_burn.<pool>, ADR 0024).
*/}}
{{- define "transcription.workerBurnConsumer" -}}
{{- printf "worker-caption_burn-%s" . }}
{{- end }}

{{/*
A pool's KEDA settings with the defaults filled in, as JSON: (list $ "cpu"). A pool added by the
operator may give only autoscaling.keda.enabled.
*/}}
{{- define "transcription.workerKeda" -}}
{{- $p := index (index . 0).Values.worker.pools (index . 1) }}
{{- $defaults := dict "enabled" false "minReplicas" 1 "maxReplicas" 10 "lagThreshold" 2 "activationLagThreshold" 0 "pollingInterval" 15 "cooldownPeriod" 300 }}
{{- $keda := dig "autoscaling" "keda" dict $p }}
{{- /* Key by key, not merge: merge would replace an explicit 0 (minReplicas: 0, scale to zero). */}}
{{- $out := dict }}
{{- range $key, $default := $defaults }}
{{- $_ := set $out $key (ternary (get $keda $key) $default (hasKey $keda $key)) }}
{{- end }}
{{- $out | toJson }}
{{- end }}

{{/*
Service identity (ADR 0016). Every service signs its gRPC calls with its own Ed25519 key
(SERVICE_PRIVATE_KEY) and verifies its callers with their public keys (SERVICE_PUBLIC_KEYS). The
keys live in ONE Secret: <fullname>-service-keys, kept by the hook Job service-keys-job.yaml, or
serviceIdentity.existingSecret. Entries: <service>-private-key.pem per service, public-keys.json.
Every service of the fleet has a key whether or not it is enabled, so switching one on or off
never changes the others' keys. The worker pools share the key `worker`.
*/}}
{{- define "transcription.identityServices" -}}
{{- list "gateway" "accounts" "media" "jobs" "worker" "artifacts" "billing" "shares" "webhook-dispatcher" "ai-proxy" | toJson }}
{{- end }}

{{- define "transcription.serviceKeysSecretName" -}}
{{- .Values.serviceIdentity.existingSecret | default (printf "%s-service-keys" (include "transcription.fullname" .)) }}
{{- end }}

{{- define "transcription.privateKeyEntry" -}}
{{- printf "%s-private-key.pem" . }}
{{- end }}

{{- define "transcription.publicKeysEntry" -}}
public-keys.json
{{- end }}

{{/* The identity of one service's pods: its OWN private key and every public key. (list $ "gateway") */}}
{{- define "transcription.identityEnv" -}}
{{- $root := index . 0 }}
{{- $secret := include "transcription.serviceKeysSecretName" $root }}
- name: SERVICE_PRIVATE_KEY
  valueFrom:
    secretKeyRef:
      name: {{ $secret }}
      key: {{ include "transcription.privateKeyEntry" (index . 1) }}
- name: SERVICE_PUBLIC_KEYS
  valueFrom:
    secretKeyRef:
      name: {{ $secret }}
      key: {{ include "transcription.publicKeysEntry" $root }}
{{- end }}

{{/*
What decides the content of the key Secret, as the pods see it: a rotation step or a new service
changes it, and the checksum/service-identity annotation then rolls every pod after the hook Job
has written the new keys. (The Job writes the Secret after rendering, so its content cannot be
hashed; with an existingSecret, roll the pods yourself: docs/runbooks/service-identity-keys.md.)
*/}}
{{- define "transcription.identityChecksum" -}}
{{- $identity := .Values.serviceIdentity }}
{{- dict "services" (include "transcription.identityServices" .) "secret" (include "transcription.serviceKeysSecretName" .) "rotation" $identity.rotation | toJson | sha256sum }}
{{- end }}

{{/*
The gRPC call graph: for each backend, the components that call it (their clients.ts). Network
policies let exactly these callers reach a backend's gRPC port; a chart test checks this table
against the services' src/clients.ts.
*/}}
{{- define "transcription.grpcCallers" -}}
{{- dict
  "accounts" (list "gateway" "shares")
  "billing" (list "gateway" "jobs" "ai-proxy")
  "media" (list "gateway" "jobs" "shares" "worker")
  "artifacts" (list "gateway" "jobs" "shares" "worker")
  "jobs" (list "gateway" "worker" "webhook-dispatcher")
  "shares" (list "gateway")
  "webhook-dispatcher" (list "gateway")
  "ai-proxy" (list "gateway")
  | toJson }}
{{- end }}

{{/*
Metrics (ADR 0030): every component serves GET /metrics on its ops port (the containerPort named
`ops` of its template; a chart test checks this table against them).
*/}}
{{- define "transcription.opsPorts" -}}
{{- dict
  "gateway" 9108 "accounts" 9101 "media" 9102 "billing" 9103 "artifacts" 9104 "jobs" 9105
  "worker" 9106 "shares" 9107 "webhook-dispatcher" 9109 "ai-proxy" 9110 "web" 9111
  | toJson }}
{{- end }}

{{/* The components that serve /metrics, in the order of the ops port table. */}}
{{- define "transcription.metricsComponents" -}}
{{- list "gateway" "accounts" "media" "billing" "artifacts" "jobs" "worker" "shares" "webhook-dispatcher" "ai-proxy" "web" | toJson }}
{{- end }}

{{/*
The web app's WEB_CONNECT_SOURCES (comma-separated origins of its CSP connect-src and media-src):
web.connectSources when it names any; else the origin the browser fetches media from, the public S3
endpoint (media.s3.publicEndpoint, or endpoint), with the bucket in the host name unless
forcePathStyle; else nothing (AWS S3 without an endpoint: name its origin in web.connectSources).
*/}}
{{- define "transcription.webConnectSources" -}}
{{- $s3 := .Values.media.s3 }}
{{- $endpoint := $s3.publicEndpoint | default $s3.endpoint }}
{{- if .Values.web.connectSources }}
{{- join "," .Values.web.connectSources }}
{{- else if $endpoint }}
{{- $url := urlParse $endpoint }}
{{- if $s3.forcePathStyle }}
{{- printf "%s://%s" $url.scheme $url.host }}
{{- else }}
{{- printf "%s://%s.%s" $url.scheme $s3.bucket $url.host }}
{{- end }}
{{- end }}
{{- end }}

{{/*
Pod annotations of metrics.scrape "annotations" (a Prometheus kubernetes-pods job reads them):
(list $ "gateway"); nothing in the other modes.
*/}}
{{- define "transcription.scrapeAnnotations" -}}
{{- $root := index . 0 }}
{{- if eq $root.Values.metrics.scrape "annotations" }}
prometheus.io/scrape: "true"
prometheus.io/port: {{ get (include "transcription.opsPorts" $root | fromJson) (index . 1) | int64 | toString | quote }}
prometheus.io/path: /metrics
{{- end }}
{{- end }}

{{/* Labels of the monitoring objects: the release's, plus metrics.labels (the Prometheus' selectors). (list $ "metrics") */}}
{{- define "transcription.monitoringLabels" -}}
{{ include "transcription.componentLabels" . }}
{{- with (index . 0).Values.metrics.labels }}
{{ toYaml . }}
{{- end }}
{{- end }}

{{/*
gRPC mutual TLS (ADR 0037). Every service that serves or calls gRPC (all but web) and tsctl (the
smoke test's init container) reads its certificate, its key and the fleet's CA from a
kubernetes.io/tls Secret of its own (tls.crt, tls.key, ca.crt: what cert-manager writes), mounted
read-only at transcription.grpcTlsMountPath, with GRPC_TLS_CA_FILE, GRPC_TLS_CERT_FILE and
GRPC_TLS_KEY_FILE pointing into it. The Secret is grpcTls.secretNames.<identity>, else
<fullname>-<identity>-tls; cert-manager fills it (grpcTls.certManager) or the operator does
(docs/runbooks/grpc-certificates.md). The worker pools share the identity `worker`.
*/}}
{{- define "transcription.grpcTlsMountPath" -}}
/etc/grpc-tls
{{- end }}

{{/* The Secret of one identity: (list $ "media") */}}
{{- define "transcription.grpcTlsSecretName" -}}
{{- $root := index . 0 }}
{{- $identity := index . 1 }}
{{- get ($root.Values.grpcTls.secretNames | default dict) $identity | default (printf "%s-tls" (include "transcription.componentName" (list $root $identity))) }}
{{- end }}

{{/*
The identities this release needs a certificate for, as JSON: each enabled gRPC component (the
worker while a pool is enabled) and tsctl while the smoke test is enabled.
*/}}
{{- define "transcription.grpcTlsIdentities" -}}
{{- $identities := list }}
{{- range include "transcription.identityServices" . | fromJsonArray }}
{{- if eq . "worker" }}
{{- if include "transcription.workerPools" $ | fromJsonArray }}
{{- $identities = append $identities . }}
{{- end }}
{{- else if (index $.Values .).enabled }}
{{- $identities = append $identities . }}
{{- end }}
{{- end }}
{{- if .Values.tests.enabled }}
{{- $identities = append $identities "tsctl" }}
{{- end }}
{{- $identities | toJson }}
{{- end }}

{{/*
The pod volume of an identity's Secret, as a JSON list for podBase's extra volumes: (list $ "media").
Each entry is named, so a Secret that lacks one (`kubectl create secret tls` writes no ca.crt) fails
the mount with an event naming it instead of starting a service that cannot read its CA. 0440: the
files belong to the pod's fsGroup.
*/}}
{{- define "transcription.grpcTlsVolumes" -}}
{{- $items := list }}
{{- range list "ca.crt" "tls.crt" "tls.key" }}
{{- $items = append $items (dict "key" . "path" .) }}
{{- end }}
{{- list (dict "name" "grpc-tls" "secret" (dict "secretName" (include "transcription.grpcTlsSecretName" .) "defaultMode" 288 "items" $items)) | toJson }}
{{- end }}

{{/* The read-only mount of that volume, as a JSON list for containerBase's extra mounts. */}}
{{- define "transcription.grpcTlsVolumeMounts" -}}
{{- list (dict "name" "grpc-tls" "mountPath" (include "transcription.grpcTlsMountPath" .) "readOnly" true) | toJson }}
{{- end }}

{{/* GRPC_TLS_CA_FILE, GRPC_TLS_CERT_FILE and GRPC_TLS_KEY_FILE: the files of that mount. */}}
{{- define "transcription.grpcTlsEnv" -}}
{{- $dir := include "transcription.grpcTlsMountPath" . }}
- name: GRPC_TLS_CA_FILE
  value: {{ printf "%s/ca.crt" $dir }}
- name: GRPC_TLS_CERT_FILE
  value: {{ printf "%s/tls.crt" $dir }}
- name: GRPC_TLS_KEY_FILE
  value: {{ printf "%s/tls.key" $dir }}
{{- end }}

{{/*
NATS authorization (ADR 0041). Every service on the bus connects with credentials of its own, a
`.creds` file (its user JWT and seed, whose permissions name exactly its subjects), and the
provisioner, which makes the streams and buckets, with its own. Each identity's file is the key
nats.creds of a Secret of its own (transcription.natsCredentialsSecretName), mounted read-only at
transcription.natsCredentialsMountPath by that identity's pods alone, with NATS_CREDENTIALS_FILE
pointing at it. `tools/tsctl bus init` writes every file (docs/runbooks/nats-credentials.md). The
worker pools share `worker`; billing, artifacts, ai-proxy and web are not on the bus. A chart test
checks this list against @tp/bus BUS_ROLES.
*/}}
{{- define "transcription.natsRoles" -}}
{{- list "accounts" "gateway" "jobs" "media" "shares" "webhook-dispatcher" "worker" "provisioner" | toJson }}
{{- end }}

{{- define "transcription.natsCredentialsMountPath" -}}
/etc/nats-credentials
{{- end }}

{{/* The key of the file in the Secret, and its name in the mount. */}}
{{- define "transcription.natsCredentialsKey" -}}
nats.creds
{{- end }}

{{/*
The Secret of one role: (list $ "media"). secrets.natsCredentialsSecrets.<role> when it names one
you manage, else <fullname>-nats-<role> (nats-credentials.yaml renders it from secrets.natsCredentials).
*/}}
{{- define "transcription.natsCredentialsSecretName" -}}
{{- $root := index . 0 }}
{{- $role := index . 1 }}
{{- get ($root.Values.secrets.natsCredentialsSecrets | default dict) $role | default (printf "%s-nats-%s" (include "transcription.fullname" $root) $role) }}
{{- end }}

{{/*
The pod volume of a role's Secret, as a JSON list for podBase's extra volumes: (list $ "media"). The
entry is named, so a Secret without nats.creds fails the mount with an event naming it; 0440: the
file belongs to the pod's fsGroup.
*/}}
{{- define "transcription.natsCredentialsVolumes" -}}
{{- $key := include "transcription.natsCredentialsKey" (index . 0) }}
{{- list (dict "name" "nats-credentials" "secret" (dict "secretName" (include "transcription.natsCredentialsSecretName" .) "defaultMode" 288 "items" (list (dict "key" $key "path" $key)))) | toJson }}
{{- end }}

{{/* The read-only mount of that volume, as a JSON list for containerBase's extra mounts. */}}
{{- define "transcription.natsCredentialsVolumeMounts" -}}
{{- list (dict "name" "nats-credentials" "mountPath" (include "transcription.natsCredentialsMountPath" .) "readOnly" true) | toJson }}
{{- end }}

{{/* NATS_CREDENTIALS_FILE: the file of that mount. */}}
{{- define "transcription.natsCredentialsEnv" -}}
- name: NATS_CREDENTIALS_FILE
  value: {{ printf "%s/%s" (include "transcription.natsCredentialsMountPath" .) (include "transcription.natsCredentialsKey" .) }}
{{- end }}

{{/*
Rolls a role's pods when its credentials change (a reissue: docs/runbooks/nats-credentials.md): a
hash of the inline file, or of the name of the Secret you manage; for jobs, of its windows signer
too. (list $ "media")
*/}}
{{- define "transcription.natsCredentialsChecksum" -}}
{{- $root := index . 0 }}
{{- $role := index . 1 }}
{{- if has $role (include "transcription.natsRoles" $root | fromJsonArray) }}
{{- $hashed := printf "%s|%s" (get ($root.Values.secrets.natsCredentials | default dict) $role | default "") (include "transcription.natsCredentialsSecretName" .) }}
{{- /* jobs: its windows signer too (transcription.natsWindowsSignerSecretName). */}}
{{- if eq $role "jobs" }}
{{- $hashed = printf "%s|%s|%s" $hashed ($root.Values.secrets.natsWindowsSigner | default "") (include "transcription.natsWindowsSignerSecretName" $root) }}
{{- end }}
checksum/nats-credentials: {{ $hashed | sha256sum }}
{{- end }}
{{- end }}

{{/*
The windows signer (ADR 0041): the fleet account's public key and the seed of its signing key
scoped to one job's windows (role job-windows: the server applies its template to every user it
signs, whatever that user's JWT says), as `tools/tsctl bus init` writes it, DIR/windows-signer.json
({"account":"A…","seed":"SA…"}). jobs alone holds it: for each job a worker claims it signs
credentials that reach only that job's keys of the WINDOWS bucket. The key windows-signer.json of a
Secret of its own, mounted read-only at transcription.natsWindowsSignerMountPath by the jobs pods
alone, with NATS_WINDOWS_SIGNER_FILE pointing at it.
*/}}
{{- define "transcription.natsWindowsSignerMountPath" -}}
/etc/nats-windows-signer
{{- end }}

{{- define "transcription.natsWindowsSignerKey" -}}
windows-signer.json
{{- end }}

{{/*
Its Secret: secrets.natsWindowsSignerSecret when it names one you manage, else
<fullname>-nats-windows-signer (nats-credentials.yaml renders it from secrets.natsWindowsSigner).
*/}}
{{- define "transcription.natsWindowsSignerSecretName" -}}
{{- .Values.secrets.natsWindowsSignerSecret | default (printf "%s-nats-windows-signer" (include "transcription.fullname" .)) }}
{{- end }}

{{/* Its pod volume (JSON list, as transcription.natsCredentialsVolumes): the entry named, 0440. */}}
{{- define "transcription.natsWindowsSignerVolumes" -}}
{{- $key := include "transcription.natsWindowsSignerKey" . }}
{{- list (dict "name" "nats-windows-signer" "secret" (dict "secretName" (include "transcription.natsWindowsSignerSecretName" .) "defaultMode" 288 "items" (list (dict "key" $key "path" $key)))) | toJson }}
{{- end }}

{{/* The read-only mount of that volume, as a JSON list for containerBase's extra mounts. */}}
{{- define "transcription.natsWindowsSignerVolumeMounts" -}}
{{- list (dict "name" "nats-windows-signer" "mountPath" (include "transcription.natsWindowsSignerMountPath" .) "readOnly" true) | toJson }}
{{- end }}

{{/* NATS_WINDOWS_SIGNER_FILE: the file of that mount. */}}
{{- define "transcription.natsWindowsSignerEnv" -}}
- name: NATS_WINDOWS_SIGNER_FILE
  value: {{ printf "%s/%s" (include "transcription.natsWindowsSignerMountPath" .) (include "transcription.natsWindowsSignerKey" .) }}
{{- end }}
