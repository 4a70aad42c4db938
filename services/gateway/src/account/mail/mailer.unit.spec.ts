import { defaultMailFrom, mailSettingsFromEnv, redactedSmtpUrl } from './mailer';

// The mail settings as docs/operations.md ("Account settings") gives them.

describe('mail settings', () => {
  it('are absent without SMTP_URL, and take the defaults beside it', () => {
    expect(mailSettingsFromEnv({})).toBeUndefined();
    expect(mailSettingsFromEnv({ SMTP_URL: 'smtp://127.0.0.1:2525' })).toEqual({
      smtpUrl: 'smtp://127.0.0.1:2525',
      from: 'Property Data Service <no-reply@pds.invalid>',
      sendTimeoutMs: 10_000,
    });
    expect(defaultMailFrom).toBe('Property Data Service <no-reply@pds.invalid>');
    expect(
      mailSettingsFromEnv({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'PDS <mail@pds.example>', MAIL_SEND_TIMEOUT_MS: '2500' }),
    ).toEqual({ smtpUrl: 'smtp://127.0.0.1:2525', from: 'PDS <mail@pds.example>', sendTimeoutMs: 2_500 });
  });

  it('refuse a URL that is not smtp: or smtps:, without repeating its credentials', () => {
    expect(() => mailSettingsFromEnv({ SMTP_URL: 'http://mail.example' })).toThrow('SMTP_URL must be an smtp: or smtps: URL, not http:');
    expect(() => mailSettingsFromEnv({ SMTP_URL: 'user:secret@mail' })).toThrow(/SMTP_URL must be an smtp: or smtps: URL/);
    expect(() => mailSettingsFromEnv({ SMTP_URL: 'user:secret@mail' })).not.toThrow(/secret/);
  });

  it('in production: TLS required (smtps: or requireTLS=true) and MAIL_FROM given', () => {
    const production = { NODE_ENV: 'production', MAIL_FROM: 'PDS <mail@pds.example>' };
    expect(() => mailSettingsFromEnv({ ...production, SMTP_URL: 'smtp://u:p@mail.example:587' })).toThrow(
      'SMTP_URL must be smtps: or carry requireTLS=true',
    );
    expect(mailSettingsFromEnv({ ...production, SMTP_URL: 'smtp://u:p@mail.example:587?requireTLS=true' })?.smtpUrl).toBe(
      'smtp://u:p@mail.example:587?requireTLS=true',
    );
    expect(mailSettingsFromEnv({ ...production, SMTP_URL: 'smtps://u:p@mail.example:465' })?.from).toBe('PDS <mail@pds.example>');
    expect(() => mailSettingsFromEnv({ NODE_ENV: 'production', SMTP_URL: 'smtps://mail.example' })).toThrow(
      'MAIL_FROM is required in production',
    );
  });

  it('log the SMTP server by scheme, host and port only', () => {
    expect(redactedSmtpUrl('smtps://apikey:SG.secret@smtp.example.com:465?requireTLS=true')).toBe('smtps://***@smtp.example.com:465');
    expect(redactedSmtpUrl('smtp://127.0.0.1:2525')).toBe('smtp://127.0.0.1:2525');
    expect(redactedSmtpUrl('not a url with secret')).toBe('(not a URL)');
  });
});
