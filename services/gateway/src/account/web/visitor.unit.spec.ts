import type { Request } from 'express';
import { cookiesOf } from './visitor';

const request = (cookie?: string) => ({ headers: cookie === undefined ? {} : { cookie } }) as Request;

describe('the cookies a request brought', () => {
  it('reads each by name, the first of a repeated name, decoded', () => {
    expect([...cookiesOf(request('a=1; b=x%20y; a=2'))]).toEqual([
      ['a', '1'],
      ['b', 'x y'],
    ]);
    expect(cookiesOf(request()).size).toBe(0);
  });

  it('leaves out one that does not decode, rather than failing the request', () => {
    expect([...cookiesOf(request('bad=%E0%A4; pds_account=abc; novalue'))]).toEqual([['pds_account', 'abc']]);
  });
});
