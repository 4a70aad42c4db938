import { checkEmptyBody } from './test-register-extraction';

describe('test register extraction body', () => {
  it('takes `{}` or no body at all', () => {
    expect(checkEmptyBody({}, true)).toBeUndefined();
    expect(checkEmptyBody(undefined, false)).toBeUndefined();
  });

  it('refuses properties, arrays, and a body that is not JSON', () => {
    expect(checkEmptyBody({ titleNumber: 'BK509231' }, true)).toMatchObject({ code: 'INVALID_PARAMETERS', details: 'titleNumber: not allowed' });
    expect(checkEmptyBody([], true)).toMatchObject({ code: 'INVALID_PARAMETERS' });
    expect(checkEmptyBody(undefined, true)).toMatchObject({ code: 'INVALID_PARAMETERS', details: expect.stringContaining('application/json') });
  });
});
