// The checks S3 makes on a browser-based upload (POST Object with a SigV4-signed POST policy),
// before it stores the file: the signature over the policy, its expiration, that every form
// field is allowed by a condition and every condition holds. The file's size is checked against
// `content-length-range` while it streams (see `lengthRange`).
// https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-HTTPPOSTConstructPolicy.html
import { createHmac, timingSafeEqual } from 'node:crypto';
import { S3Error, signatureV4 } from './s3rver-internals.ts';

/** The form fields before the file, names lower-cased (S3 matches field names case-insensitively). */
export type PostFields = Map<string, string>;

export interface LengthRange {
  min: number;
  max: number;
}

type Condition = { field: string; test: (value: string | undefined) => boolean; raw: unknown } | LengthRange;

/** Fields no condition needs to name. */
const EXEMPT = new Set(['policy', 'x-amz-signature', 'file']);

const denied = (why: string) => new S3Error('AccessDenied', `Invalid according to Policy: ${why}`);
const badPolicy = (why: string) => new S3Error('InvalidPolicyDocument', `Invalid Policy: ${why}`);

function required(fields: PostFields, name: string, display: string): string {
  const value = fields.get(name);
  if (value === undefined) {
    throw new S3Error('InvalidArgument', `Bucket POST must contain a field named '${display}'.`, {
      ArgumentName: display,
      ArgumentValue: '',
    });
  }
  return value;
}

/** The field a condition names: `$Content-Type` → `content-type`. */
function fieldOf(name: unknown, raw: unknown): string {
  if (typeof name !== 'string' || name === '') throw badPolicy(`Invalid Condition: ${JSON.stringify(raw)}`);
  return (name.startsWith('$') ? name.slice(1) : name).toLowerCase();
}

function parseCondition(raw: unknown): Condition {
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
    const entries = Object.entries(raw);
    if (entries.length !== 1 || typeof entries[0]?.[1] !== 'string')
      throw badPolicy(`Invalid Condition: ${JSON.stringify(raw)}`);
    const [name, expected] = entries[0] as [string, string];
    return { field: fieldOf(name, raw), test: (value) => value === expected, raw: ['eq', `$${name}`, expected] };
  }
  if (!Array.isArray(raw) || raw.length !== 3) throw badPolicy(`Invalid Condition: ${JSON.stringify(raw)}`);
  const [op, a, b] = raw as [unknown, unknown, unknown];
  const operator = typeof op === 'string' ? op.toLowerCase() : '';
  if (operator === 'content-length-range') {
    if (!Number.isSafeInteger(a) || !Number.isSafeInteger(b) || (a as number) < 0 || (a as number) > (b as number))
      throw badPolicy(`Invalid content-length-range: ${JSON.stringify(raw)}`);
    return { min: a as number, max: b as number };
  }
  if (typeof b !== 'string') throw badPolicy(`Invalid Condition: ${JSON.stringify(raw)}`);
  if (operator === 'eq') return { field: fieldOf(a, raw), test: (value) => value === b, raw };
  if (operator === 'starts-with')
    return { field: fieldOf(a, raw), test: (value) => value?.startsWith(b) ?? false, raw };
  throw badPolicy(`Invalid Condition: unknown operator ${JSON.stringify(op)}`);
}

function decodePolicy(policy: string): { expiration: Date; conditions: Condition[] } {
  let document: { expiration?: unknown; conditions?: unknown };
  try {
    document = JSON.parse(Buffer.from(policy, 'base64').toString('utf8'));
  } catch {
    throw badPolicy('Invalid JSON.');
  }
  if (typeof document?.expiration !== 'string' || Number.isNaN(Date.parse(document.expiration)))
    throw badPolicy('Policy missing expiration.');
  if (!Array.isArray(document.conditions)) throw badPolicy('Policy missing conditions.');
  return { expiration: new Date(document.expiration), conditions: document.conditions.map(parseCondition) };
}

/** The SigV4 signature of a POST policy: the policy's base64 text, signed with the scope's key. */
function checkSignature(fields: PostFields, policy: string, secretOf: (accessKeyId: string) => string | undefined) {
  const algorithm = required(fields, 'x-amz-algorithm', 'X-Amz-Algorithm');
  if (algorithm !== 'AWS4-HMAC-SHA256')
    throw new S3Error('InvalidArgument', 'X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"', {
      ArgumentName: 'X-Amz-Algorithm',
      ArgumentValue: algorithm,
    });
  const credential = required(fields, 'x-amz-credential', 'X-Amz-Credential');
  required(fields, 'x-amz-date', 'X-Amz-Date');
  const provided = required(fields, 'x-amz-signature', 'X-Amz-Signature');
  const [accessKeyId = '', date = '', region = '', service = '', terminator = ''] = credential.split('/');
  if (!/^\d{8}$/.test(date) || service !== 's3' || terminator !== 'aws4_request')
    throw new S3Error('InvalidArgument', `Invalid credential: ${credential}`, { ArgumentName: 'X-Amz-Credential' });
  const secret = secretOf(accessKeyId);
  if (secret === undefined)
    throw new S3Error('InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.', {
      AWSAccessKeyId: accessKeyId,
    });
  const expected = createHmac('sha256', signatureV4.getSigningKey(secret, date, region, service))
    .update(policy, 'utf8')
    .digest();
  const given = Buffer.from(provided, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new S3Error(
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
      { AWSAccessKeyId: accessKeyId, StringToSign: policy },
    );
}

/**
 * Checks a POST form's fields as S3 does before it accepts the file; answers the key and the
 * size range the file must be in (any size when the policy sets none). Throws the S3 error.
 */
export function checkPostForm(
  fields: PostFields,
  bucket: string,
  now: Date,
  secretOf: (accessKeyId: string) => string | undefined,
): { key: string; range: LengthRange | undefined } {
  const key = required(fields, 'key', 'key');
  if (key === '')
    throw new S3Error('InvalidArgument', 'User key must have a length greater than 0.', { ArgumentName: 'key' });
  const policy = fields.get('policy');
  if (policy === undefined)
    throw new S3Error('AccessDenied', 'Bucket POST must contain a policy; anonymous uploads are not allowed.');
  checkSignature(fields, policy, secretOf);
  const { expiration, conditions } = decodePolicy(policy);
  if (expiration.getTime() <= now.getTime()) throw denied('Policy expired.');
  let range: LengthRange | undefined;
  const covered = new Set<string>();
  for (const condition of conditions) {
    if ('min' in condition) {
      range = condition;
      continue;
    }
    covered.add(condition.field);
    // The bucket is the one posted to (and the form's `bucket` field, when it has one).
    const values =
      condition.field === 'bucket' ? [bucket, fields.get('bucket') ?? bucket] : [fields.get(condition.field)];
    if (!values.every((value) => condition.test(value)))
      throw denied(`Policy Condition failed: ${JSON.stringify(condition.raw)}`);
  }
  const extra = [...fields.keys()].filter(
    (name) => !EXEMPT.has(name) && !name.startsWith('x-ignore-') && !covered.has(name),
  );
  if (extra.length > 0) throw denied(`Extra input fields: ${extra.join(', ')}`);
  return { key, range };
}

/** S3's answer to a file outside the policy's content-length-range. */
export function outOfRange(size: number, range: LengthRange): Error {
  return size > range.max
    ? new S3Error('EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size', {
        ProposedSize: size,
        MaxSizeAllowed: range.max,
      })
    : new S3Error('EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size', {
        ProposedSize: size,
        MinSizeAllowed: range.min,
      });
}
