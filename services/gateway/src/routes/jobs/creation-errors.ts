import { isAppError } from '@tp/errors';
import { RequestValidationError, unsupportedOptionAsValidation } from '../../http/validation.ts';

/**
 * What jobs refused in a CreateJob as a 422 naming the request field: an option the profile cannot
 * serve here (`unsupported_option`), or a validation error jobs could only see with the backends' data
 * and located itself (`details.loc`, body-relative: a caption burn's media without a transcript).
 */
export function creationErrorAsValidation(err: unknown): unknown {
  if (isAppError(err) && err.code === 'validation_error' && Array.isArray(err.details.loc)) {
    const loc = err.details.loc.filter((part): part is string => typeof part === 'string');
    return new RequestValidationError([{ loc: ['body', ...loc], msg: err.message, type: 'value_error' }]);
  }
  return unsupportedOptionAsValidation(err, (option) =>
    option === 'type' || option === 'execution_mode' ? ['body', option] : ['body', 'options', option],
  );
}
