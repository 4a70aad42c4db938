import { isDatabaseOutage } from './postgres-pool';

// SQLSTATE codes from PostgreSQL's "Appendix A. PostgreSQL Error Codes": class 08 connection exception, 57P01
// admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now; 23505 unique_violation and 40001
// serialization_failure are answers from a server that is up.
const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseOutage', () => {
  it('knows the server going away, not answering, or refusing connections while it starts', () => {
    for (const code of ['08006', '08001', '08003', '57P01', '57P02', '57P03', 'ECONNREFUSED', 'ECONNRESET'])
      expect([code, isDatabaseOutage(pgError(code))]).toEqual([code, true]);
    expect(isDatabaseOutage(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseOutage(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseOutage(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
    // Node's refusal of every address of a name (::1 and 127.0.0.1) comes as one AggregateError, with no code of its own.
    expect(isDatabaseOutage(new AggregateError([pgError('ECONNREFUSED'), pgError('ECONNREFUSED')], ''))).toBe(true);
    expect(isDatabaseOutage(new Error('wrapped', { cause: pgError('57P01') }))).toBe(true);
  });

  it('leaves an answer of a server that is up, and anything else, to be what it is', () => {
    for (const code of ['23505', '40001', '42P01', '22P02']) expect([code, isDatabaseOutage(pgError(code))]).toEqual([code, false]);
    expect(isDatabaseOutage(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isDatabaseOutage(undefined)).toBe(false);
    expect(isDatabaseOutage('Connection terminated')).toBe(false);
  });
});
