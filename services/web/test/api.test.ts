// The app's side of the API (services/web/app/src/api): the limits it reads from the SDK's OpenAPI
// document, and how it words the SDK's errors.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiError, NetworkError } from '@tp/sdk';
import { errorMessage, fieldMessages, mightPass } from '../app/src/api/errors.ts';
import * as limits from '../app/src/api/limits.ts';

describe('the limits of the API', () => {
  it('are all found in the document, as positive whole numbers', () => {
    const numbers = Object.entries(limits).flatMap(([name, value]) =>
      typeof value === 'number'
        ? [[name, value] as const]
        : Object.entries(value).map(([k, v]) => [`${name}.${k}`, v] as const),
    );
    assert.ok(numbers.length >= 10, `${numbers.length} limits`);
    for (const [name, value] of numbers) assert.ok(Number.isInteger(value) && value > 0, `${name}: ${value}`);
    assert.ok(limits.CHARS_PER_ENTRY.min < limits.CHARS_PER_ENTRY.max);
  });
});

describe('errors as the app words them', () => {
  const invalid = new ApiError({
    status: 422,
    code: 'validation_error',
    message: 'body.interface_language: Expected a language tag',
    issues: [
      { loc: ['body', 'interface_language'], msg: 'Expected a language tag', type: 'custom' },
      { loc: ['body', 'input', 'media_ids'], msg: 'Too many', type: 'too_big' },
    ],
  });

  it("places a 422's messages by the field they are about, as the forms name it", () => {
    assert.deepEqual(fieldMessages(invalid), {
      interface_language: 'Expected a language tag',
      'input.media_ids': 'Too many',
    });
    assert.equal(errorMessage(invalid), 'interface_language: Expected a language tag; input.media_ids: Too many');
    assert.deepEqual(fieldMessages(new Error('no')), {});
  });

  it('says the service could not be reached for a network failure, and the message of any other error', () => {
    assert.match(errorMessage(new NetworkError('GET http://x/api/v1/jobs: fetch failed')), /could not be reached/);
    const refused = new ApiError({ status: 409, code: 'version_conflict', message: 'A newer version exists.' });
    assert.equal(errorMessage(refused), 'A newer version exists.');
    assert.equal(mightPass(refused), false);
    assert.equal(mightPass(new ApiError({ status: 503, code: 'service_unavailable', message: 'Later.' })), true);
    assert.equal(mightPass(new NetworkError('lost')), true);
  });
});
