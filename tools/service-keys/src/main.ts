// The service identity key tool (ADR 0016, docs/runbooks/service-identity-keys.md).
//
//   node tools/service-keys/src/main.ts sync --secret NAME --services gateway,accounts,...
//       [--rotation-id ID] [--promote [--immediate]] [--retired-ttl-seconds N] [--label KEY=VALUE ...] [--file PATH]
//
// Ensures every service has an Ed25519 key in the Secret NAME (generates what is missing, keeps
// what exists), runs the rotation steps asked for (a new --rotation-id stages a next key for every
// service; --promote, on a later run with the same id, makes them current and retires the old ones
// for --retired-ttl-seconds; --immediate lets one run do both, for a compromised key) and
// prunes expired keys. In a pod (the chart's hook Job) it talks to the Kubernetes API with the
// pod's ServiceAccount; with --file it keeps the Secret as a manifest file for kubectl instead.
import { parseArgs } from 'node:util';
import type { KeySetRequest } from './keyset.ts';
import { inClusterConnection, kubeSecretsApi } from './kube.ts';
import { SERVICE_NAME } from './secret.ts';
import { fileSecretsApi, syncServiceKeys } from './sync.ts';

const USAGE =
  'usage: main.ts sync --secret NAME --services a,b,... [--rotation-id ID] [--promote [--immediate]] ' +
  '[--retired-ttl-seconds N] [--label KEY=VALUE ...] [--file PATH]';

export interface SyncCommand {
  secret: string;
  labels: Record<string, string>;
  request: KeySetRequest;
  file?: string;
}

/** The sync command's arguments; throws with the reason for anything invalid. */
export function parseSyncArgs(args: string[]): SyncCommand {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      secret: { type: 'string' },
      services: { type: 'string' },
      'rotation-id': { type: 'string', default: '' },
      promote: { type: 'boolean', default: false },
      immediate: { type: 'boolean', default: false },
      'retired-ttl-seconds': { type: 'string', default: '86400' },
      label: { type: 'string', multiple: true, default: [] },
      file: { type: 'string' },
    },
  });
  if (positionals.length !== 1 || positionals[0] !== 'sync') throw new Error(USAGE);
  if (!values.secret) throw new Error(`--secret is required\n${USAGE}`);
  const services = (values.services ?? '').split(',').filter(Boolean);
  if (!services.length) throw new Error(`--services is required\n${USAGE}`);
  for (const service of services) if (!SERVICE_NAME.test(service)) throw new Error(`invalid service name ${service}`);
  const ttl = Number(values['retired-ttl-seconds']);
  if (!Number.isInteger(ttl) || ttl < 0) throw new Error('--retired-ttl-seconds must be a whole number of seconds');
  const labels: Record<string, string> = {};
  for (const label of values.label) {
    const at = label.indexOf('=');
    if (at < 1) throw new Error(`--label ${label}: expected KEY=VALUE`);
    labels[label.slice(0, at)] = label.slice(at + 1);
  }
  return {
    secret: values.secret,
    labels,
    file: values.file,
    request: {
      services,
      rotationId: values['rotation-id'],
      promote: values.promote,
      immediate: values.immediate,
      retiredTtlMs: ttl * 1000,
    },
  };
}

async function main(): Promise<void> {
  const command = parseSyncArgs(process.argv.slice(2));
  const api = command.file ? fileSecretsApi(command.file) : kubeSecretsApi(await inClusterConnection());
  const result = await syncServiceKeys(api, { name: command.secret, labels: command.labels, request: command.request });
  for (const event of result.events) console.log(event);
  console.log(`Secret ${command.secret}: ${result.outcome}`);
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    console.error(`service-keys: ${(error as Error).message}`);
    process.exit(1);
  });
}
