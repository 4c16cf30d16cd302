/**
 * The token scopes of the public API (`x-required-scope` in the OpenAPI) and the presets the app offers.
 * A personal access token carries a subset; an app session carries them all.
 */
export const SCOPES = {
  'files:read': 'List and download files, folders, media, uploads; read storage usage.',
  'files:write': 'Upload files, register media, create or update folders and workspaces.',
  'jobs:read': 'Read job status, queue position, results, job artifacts.',
  'jobs:write': 'Create and cancel jobs (transcription, caption burn); reorder the queue.',
  'transcripts:read': 'Read transcripts, versions, export download URLs.',
  'transcripts:write': 'Save new transcript versions and restore previous ones.',
  'ai:use': 'Use managed AI (chat, embeddings, fast transcription); spends credits.',
  'shares:read': 'List and inspect public share links.',
  'shares:write': 'Create, update, rotate, revoke public share links.',
  'devices:read': 'List signed-in device sessions.',
  'devices:write': 'Log out device sessions.',
  'account:read': 'Read feature flags and app experience preferences.',
  'account:write': 'Update app experience preferences.',
  'billing:read': 'Read credit balance, ledger, grants.',
} as const;

export type Scope = keyof typeof SCOPES;

export const ALL_SCOPES = Object.keys(SCOPES) as Scope[];

export function isScope(value: unknown): value is Scope {
  return typeof value === 'string' && Object.hasOwn(SCOPES, value);
}

export const PRESETS = {
  'read-only': ALL_SCOPES.filter((scope) => scope.endsWith(':read')),
  automation: ALL_SCOPES.filter(
    (scope) =>
      scope.startsWith('files:') ||
      scope.startsWith('jobs:') ||
      scope === 'transcripts:read' ||
      scope === 'billing:read',
  ),
  full: ALL_SCOPES,
} as const satisfies Record<string, readonly Scope[]>;

export type Preset = keyof typeof PRESETS;

export function isPreset(value: unknown): value is Preset {
  return typeof value === 'string' && Object.hasOwn(PRESETS, value);
}

/** Scopes in table order without duplicates, so equal grants look equal. */
export function normalizeScopes(scopes: Iterable<Scope>): Scope[] {
  const wanted = new Set(scopes);
  return ALL_SCOPES.filter((scope) => wanted.has(scope));
}
