import { monotonicFactory } from 'ulid';

/** Prefixes of our identifiers; one per kind of object, as the API shows them. */
export const ID_PREFIXES = [
  'usr',
  'tok',
  'dev',
  'med',
  'upl',
  'job',
  'art',
  'ver',
  'shr',
  'evt',
  'obx',
  'req',
  'grt',
  'res',
  'led',
  'whk',
  'dlv',
  'vrf',
  'tkt',
  'whs',
  'whd',
] as const;
export type IdPrefix = (typeof ID_PREFIXES)[number];

const nextUlid = monotonicFactory();

/** An opaque, prefixed identifier that sorts by creation time: `job_01jd…` (26 lowercase Crockford base32 chars). */
export function newId(prefix: IdPrefix): string {
  return `${prefix}_${nextUlid().toLowerCase()}`;
}

const SHAPE = /^[0-9a-hjkmnp-tv-z]{26}$/;

/** True when `value` is a well-formed id of that kind (does not say whether it exists). */
export function isId(prefix: IdPrefix, value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(`${prefix}_`) && SHAPE.test(value.slice(prefix.length + 1));
}
