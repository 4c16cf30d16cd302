/**
 * The JSON view of a job's options (ADR 0033): the API's `options` object, the text jobs stores in
 * its `options_json` column (as every release stored it), and what an Idempotency-Key's request hash
 * covers. One encoder (message → view) and one strict decoder (view → message) for the whole fleet.
 *
 * A key absent from the view is an unset field; a key given as null sets the `*_null` member of the
 * field's oneof; so a view decoded and encoded again has exactly its keys, in the API's order.
 */
import { AppError } from '@tp/errors';
import type { CaptionBurn, JobOptions } from '@tp/proto';

/** The options as JSON: snake_case keys, null where the request said null. */
export type JobOptionsView = Record<string, unknown>;

type Scalar = 'string' | 'int32' | 'number' | 'boolean';

interface Field {
  /** The key of the view; the message's field is its camelCase (and `<field>Null` for a null). */
  key: string;
  kind: Scalar | readonly Field[];
  nullable: boolean;
}

const field = (key: string, kind: Field['kind'], nullable = false): Field => ({ key, kind, nullable });

const DIARIZATION: readonly Field[] = [
  field('mode', 'string'),
  field('num_speakers', 'int32', true),
  field('auto_speaker_names', 'boolean'),
];

/** In the order of CaptionBurnOptionsSchema (@tp/captions), so the view reads as the API shows it. */
const CAPTION_BURN: readonly Field[] = [
  field('transcript_artifact_id', 'string', true),
  field('transcript_version_id', 'string', true),
  field('font_family', 'string'),
  field('font_size', 'int32'),
  field('bold', 'boolean'),
  field('primary_color', 'string'),
  field('outline_color', 'string'),
  field('outline_width', 'number'),
  field('background_color', 'string', true),
  field('alignment', 'string'),
  field('margin_x', 'int32'),
  field('margin_y', 'int32'),
  field('max_chars_per_line', 'int32'),
  field('max_lines_per_cue', 'int32'),
  field('karaoke', 'boolean'),
  field('highlight_color', 'string'),
  field('canvas_color', 'string'),
];

/** In the order of the gateway's JobOptions schema, then POST /transcribe's output_format. */
const OPTIONS: readonly Field[] = [
  field('language', 'string'),
  field('target_language', 'string', true),
  field('diarization', DIARIZATION, true),
  field('channel_speaker_separation', 'boolean'),
  field('caption_burn', CAPTION_BURN, true),
  field('output_format', 'string'),
];

const NULL_VALUE = 'NULL_VALUE';
const INT32_MAX = 2 ** 31 - 1;

const camel = (key: string) => key.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

function viewOf(message: Record<string, unknown>, fields: readonly Field[]): JobOptionsView {
  const view: JobOptionsView = {};
  for (const f of fields) {
    const value = message[camel(f.key)];
    if (value !== undefined)
      view[f.key] = typeof f.kind === 'string' ? value : viewOf(value as Record<string, unknown>, f.kind);
    else if (f.nullable && message[`${camel(f.key)}Null`] !== undefined) view[f.key] = null;
  }
  return view;
}

function unreadable(why: string): AppError {
  return new AppError('job_options_unreadable', `The job's options could not be read: ${why}.`, { reason: why });
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const SCALAR_CHECKS: Record<Scalar, [(value: unknown) => boolean, string]> = {
  string: [(v) => typeof v === 'string', 'a string'],
  int32: [(v) => Number.isInteger(v) && Math.abs(v as number) <= INT32_MAX, 'an integer'],
  number: [(v) => typeof v === 'number' && Number.isFinite(v), 'a number'],
  boolean: [(v) => typeof v === 'boolean', 'true or false'],
};

function messageOf(view: unknown, fields: readonly Field[], path: string): Record<string, unknown> {
  if (!isRecord(view)) throw unreadable(`${path} must be an object`);
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const message: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(view)) {
    const f = byKey.get(key);
    const name = `${path}.${key}`;
    if (f === undefined) throw unreadable(`${path} has an unknown key ${JSON.stringify(key.slice(0, 64))}`);
    if (value === undefined) continue;
    if (value === null) {
      if (!f.nullable) throw unreadable(`${name} cannot be null`);
      message[`${camel(key)}Null`] = NULL_VALUE;
    } else if (typeof f.kind === 'string') {
      const [valid, what] = SCALAR_CHECKS[f.kind];
      if (!valid(value)) throw unreadable(`${name} must be ${what}`);
      message[camel(key)] = value;
    } else {
      message[camel(key)] = messageOf(value, f.kind, name);
    }
  }
  return message;
}

/** The options as the API shows them (and jobs stores them): exactly the keys the message has. */
export function jobOptionsView(options: JobOptions): JobOptionsView {
  return viewOf(options as Record<string, unknown>, OPTIONS);
}

/**
 * The message of a view: strict, so a stored row of any release reads back as it was written or not
 * at all. A key it does not know, a value of the wrong type or a null where none may be is
 * job_options_unreadable, naming the key; nothing is filled in.
 */
export function jobOptionsFromView(view: unknown): JobOptions {
  return messageOf(view, OPTIONS, 'options') as JobOptions;
}

/** A caption_burn block as the API shows it (what @tp/captions' schema checks). */
export function captionBurnView(block: CaptionBurn): JobOptionsView {
  return viewOf(block as Record<string, unknown>, CAPTION_BURN);
}

/** The block of a caption_burn view (as @tp/captions' schema gives it), strictly. */
export function captionBurnFromView(view: unknown): CaptionBurn {
  return messageOf(view, CAPTION_BURN, 'options.caption_burn') as CaptionBurn;
}

/** The keys of a complete caption_burn block: a job's block lacking one was not accepted by jobs. */
export const CAPTION_BURN_KEYS: readonly string[] = CAPTION_BURN.map((f) => f.key);
