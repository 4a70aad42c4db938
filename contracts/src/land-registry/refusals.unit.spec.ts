import { refusalOfReply } from './refusals';

describe('refusals of land-registry commands', () => {
  it('passes domain and ledger codes through with their message', () => {
    expect(refusalOfReply({ code: 'TITLE_NOT_FOUND', message: 'No title BK1' }, 'Nothing was charged.')).toEqual({
      ok: false,
      code: 'TITLE_NOT_FOUND',
      message: 'No title BK1. Nothing was charged.',
    });
    expect(refusalOfReply({ code: 'ACCOUNT_HELD', message: 'The account is held.' })).toEqual({
      ok: false,
      code: 'ACCOUNT_HELD',
      message: 'The account is held.',
    });
  });

  it('carries the retry time of a delay', () => {
    expect(
      refusalOfReply({ code: 'LAND_REGISTRY_DELAYED', message: 'The registry is busy', retryAfter: '2026-07-15T10:00:30.000Z' }),
    ).toEqual({
      ok: false,
      code: 'LAND_REGISTRY_DELAYED',
      message: 'The registry is busy. Retry after 2026-07-15T10:00:30.000Z.',
      retryAfter: '2026-07-15T10:00:30.000Z',
    });
  });

  it('answers any other code as the registry service failing', () => {
    for (const code of ['INVALID_COMMAND', 'UNKNOWN_COMMAND', 'RATE_LIMITED', 'NOT_A_CODE']) {
      expect(refusalOfReply({ code, message: 'x' }).code).toBe('LAND_REGISTRY_ERROR');
    }
  });
});
