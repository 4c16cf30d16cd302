// The API's limits the app shows or keeps to, read from the SDK's copy of the OpenAPI document, so that
// they follow the gateway's schemas. The build inlines these constants (vite.config.ts): the document
// itself stays out of the bundle.
import openapi from '@tp/sdk/openapi.json' with { type: 'json' };

type JsonObject = { [key: string]: unknown };
const contract = openapi as unknown as JsonObject;

function at(node: unknown, path: string[], where: string): JsonObject {
  let current = node;
  for (const key of path) current = (current as JsonObject | undefined)?.[key];
  if (typeof current !== 'object' || current === null) throw new Error(`openapi.json has no ${where}`);
  return current as JsonObject;
}

function numberOf(node: JsonObject, key: string, where: string): number {
  const value = node[key];
  if (typeof value !== 'number') throw new Error(`openapi.json: ${where} has no ${key}`);
  return value;
}

/** The schema of a field of a named schema, e.g. `CreateShareRequest` `title`. */
const fieldOf = (schema: string, field: string) =>
  at(contract, ['components', 'schemas', schema, 'properties', field], `${schema}.${field}`);

/** The schema of an operation's query parameter, e.g. `GET /api/v1/media` `limit`. */
function queryParameterOf(path: string, name: string): JsonObject {
  const where = `GET ${path} ?${name}`;
  const parameters = at(contract, ['paths', path, 'get'], where).parameters as JsonObject[] | undefined;
  const parameter = parameters?.find((p) => p.in === 'query' && p.name === name);
  return at(parameter, ['schema'], where);
}

/** The most a page of a list answers (its `limit`'s maximum): lists without a cursor show the newest. */
const mostOf = (path: string) => numberOf(queryParameterOf(path, 'limit'), 'maximum', `GET ${path} ?limit`);

/** The most media in one batch job (the `batch` input of POST /jobs). */
export const MAX_BATCH_ITEMS = (() => {
  const inputs = (fieldOf('CreateJobRequest', 'input').oneOf ?? []) as JsonObject[];
  const batch = inputs.find(
    (input) => (at(input, ['properties', 'type'], 'input.type').enum as unknown[])?.[0] === 'batch',
  );
  return numberOf(at(batch, ['properties', 'media_ids'], 'a batch input'), 'maxItems', 'input.media_ids');
})();

export const LIST_LIMITS = {
  media: mostOf('/api/v1/media'),
  artifacts: mostOf('/api/v1/artifacts'),
  shares: mostOf('/api/v1/shares'),
  queue: mostOf('/api/v1/jobs/queue'),
} as const;

const charsPerEntry = fieldOf('AccountAppExperienceUpdateRequest', 'max_chars_per_entry');
/** The bounds of a subtitle's width (`max_chars_per_entry` of the preferences and of srt and vtt exports). */
export const CHARS_PER_ENTRY = {
  min: numberOf(charsPerEntry, 'minimum', 'max_chars_per_entry'),
  max: numberOf(charsPerEntry, 'maximum', 'max_chars_per_entry'),
} as const;

const numSpeakers = at(fieldOf('JobOptions', 'diarization'), ['properties', 'num_speakers'], 'num_speakers');
/** How many speakers a job may say its media has (`options.diarization.num_speakers`). */
export const SPEAKERS = {
  min: numberOf(numSpeakers, 'minimum', 'num_speakers'),
  max: numberOf(numSpeakers, 'maximum', 'num_speakers'),
} as const;

const longest = (schema: string, field: string) => numberOf(fieldOf(schema, field), 'maxLength', `${schema}.${field}`);
/** The longest text each field takes. */
export const MAX_LENGTHS = {
  tokenName: longest('CreatePersonalAccessTokenRequest', 'name'),
  shareTitle: longest('CreateShareRequest', 'title'),
  deviceName: longest('SignInRequest', 'device_name'),
  interfaceLanguage: longest('AccountAppExperienceUpdateRequest', 'interface_language'),
} as const;
