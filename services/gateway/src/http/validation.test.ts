import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { limitParam, queryBoolean } from '../routes/shared/schemas.ts';
import { toValidationIssues } from './validation.ts';

const issuesOf = (part: 'query' | 'body', schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input, { reportInput: true });
  assert.equal(result.success, false);
  return toValidationIssues(part, result.error!);
};

describe('HTTPValidationError conversion', () => {
  const query = z.object({ limit: limitParam, pretty: queryBoolean(true) });

  it('reports limit outside 1..200 like FastAPI, never clamping', () => {
    assert.deepEqual(issuesOf('query', query, { limit: '0' }), [
      { loc: ['query', 'limit'], msg: 'Input should be greater than or equal to 1', type: 'greater_than_equal' },
    ]);
    assert.deepEqual(issuesOf('query', query, { limit: '201' }), [
      { loc: ['query', 'limit'], msg: 'Input should be less than or equal to 200', type: 'less_than_equal' },
    ]);
    assert.equal(issuesOf('query', query, { limit: 'ten' })[0]!.type, 'int_parsing');
    assert.equal(issuesOf('query', query, { limit: '1.5' })[0]!.type, 'int_parsing');
    assert.deepEqual(query.parse({}), { limit: 50, pretty: true });
    assert.deepEqual(query.parse({ limit: '200', pretty: 'no' }), { limit: 200, pretty: false });
  });

  it('names missing fields, wrong types, enums and extra keys with their location', () => {
    const body = z.strictObject({ name: z.string(), kind: z.enum(['a', 'b']), tags: z.array(z.string()).optional() });
    const issues = issuesOf('body', body, { kind: 'c', tags: [1], extra: true });
    assert.deepEqual(issues, [
      { loc: ['body', 'name'], msg: 'Field required', type: 'missing' },
      { loc: ['body', 'kind'], msg: 'Input should be "a" or "b"', type: 'enum' },
      { loc: ['body', 'tags', 0], msg: 'Input should be a valid string', type: 'string_type' },
      { loc: ['body', 'extra'], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' },
    ]);
  });

  it('reports a missing body as the body', () => {
    assert.deepEqual(issuesOf('body', z.object({ a: z.string() }), undefined), [
      { loc: ['body'], msg: 'Field required', type: 'missing' },
    ]);
  });
});
