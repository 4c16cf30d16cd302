import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, it } from 'node:test';
import { checkPostForm, outOfRange } from './post-policy.ts';
import { signatureV4 } from './s3rver-internals.ts';

const SECRET = 'policy-test-secret';
const NOW = new Date('2026-05-01T12:00:00Z');
const secretOf = (id: string) => (id === 'AKID' ? SECRET : undefined);

/** A signed form (fields lower-cased as the handler keeps them) for `conditions`, plus `extra` fields. */
function signedForm(conditions: unknown[], extra: Record<string, string> = {}, expiration = '2026-05-01T13:00:00Z') {
  return signedPolicy(Buffer.from(JSON.stringify({ expiration, conditions })).toString('base64'), extra);
}

function signedPolicy(policy: string, extra: Record<string, string>) {
  const signature = createHmac('sha256', signatureV4.getSigningKey(SECRET, '20260501', 'us-east-1', 's3'))
    .update(policy)
    .digest('hex');
  return new Map(
    Object.entries({
      'x-amz-algorithm': 'AWS4-HMAC-SHA256',
      'x-amz-credential': 'AKID/20260501/us-east-1/s3/aws4_request',
      'x-amz-date': '20260501T120000Z',
      policy,
      'x-amz-signature': signature,
      ...extra,
    }),
  );
}

const signedFields = [
  { 'x-amz-algorithm': 'AWS4-HMAC-SHA256' },
  { 'x-amz-credential': 'AKID/20260501/us-east-1/s3/aws4_request' },
  { 'x-amz-date': '20260501T120000Z' },
];

const refusal = (code: string, message?: RegExp) => (err: Error & { code?: string }) => {
  assert.equal(err.code, code);
  if (message) assert.match(err.message, message);
  return true;
};

describe('POST policies', () => {
  it('accept starts-with conditions, ignore x-ignore- fields and answer the size range', () => {
    const fields = signedForm(
      [...signedFields, ['starts-with', '$key', 'uploads/'], { bucket: 'b' }, ['content-length-range', 1, 10]],
      { key: 'uploads/a.wav', 'x-ignore-note': 'anything' },
    );
    assert.deepEqual(checkPostForm(fields, 'b', NOW, secretOf), { key: 'uploads/a.wav', range: { min: 1, max: 10 } });
    assert.throws(
      () => checkPostForm(new Map([...fields, ['key', 'other/a.wav']]), 'b', NOW, secretOf),
      refusal('AccessDenied', /starts-with/),
    );
  });

  it('refuse a malformed policy, a missing field and an expiration already past', () => {
    const invalid = signedPolicy('not-base64-json', { key: 'k' });
    assert.throws(() => checkPostForm(invalid, 'b', NOW, secretOf), refusal('InvalidPolicyDocument'));
    const unknownOperator = signedForm([...signedFields, ['matches', '$key', 'k']], { key: 'k' });
    assert.throws(() => checkPostForm(unknownOperator, 'b', NOW, secretOf), refusal('InvalidPolicyDocument'));
    const noDate = signedForm([...signedFields, { key: 'k' }], { key: 'k' });
    noDate.delete('x-amz-date');
    assert.throws(() => checkPostForm(noDate, 'b', NOW, secretOf), refusal('InvalidArgument', /X-Amz-Date/));
    const noKey = signedForm(signedFields);
    assert.throws(() => checkPostForm(noKey, 'b', NOW, secretOf), refusal('InvalidArgument', /'key'/));
    const expired = signedForm([...signedFields, { key: 'k' }], { key: 'k' }, '2026-05-01T12:00:00Z');
    assert.throws(() => checkPostForm(expired, 'b', NOW, secretOf), refusal('AccessDenied', /Policy expired/));
  });

  it('answer EntityTooLarge or EntityTooSmall outside content-length-range', () => {
    assert.equal((outOfRange(11, { min: 1, max: 10 }) as Error & { code: string }).code, 'EntityTooLarge');
    assert.equal((outOfRange(0, { min: 1, max: 10 }) as Error & { code: string }).code, 'EntityTooSmall');
  });
});
