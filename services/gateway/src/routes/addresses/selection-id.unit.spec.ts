import { checkSelectionId, issueSelectionId } from './selection-id';

const issued = new Date('2026-11-23T10:00:00Z');
const minutes = (n: number) => new Date(issued.getTime() + n * 60_000);

describe('selection ids', () => {
  const id = issueSelectionId('993262081585', issued, 'secret-a');

  it('are 20 to 512 characters and give back their UPRN within 30 minutes, as often as asked', () => {
    expect(id.length).toBeGreaterThanOrEqual(20);
    expect(id.length).toBeLessThanOrEqual(512);
    expect(checkSelectionId(id, minutes(0), 'secret-a')).toEqual({ ok: true, uprn: '993262081585' });
    expect(checkSelectionId(id, minutes(30), 'secret-a')).toEqual({ ok: true, uprn: '993262081585' });
  });

  it('expire after 30 minutes', () => {
    expect(checkSelectionId(id, new Date(minutes(30).getTime() + 1), 'secret-a')).toEqual({ ok: false, reason: 'expired' });
  });

  it('are refused when altered, made up, or signed with another secret', () => {
    const [v, payload, sig] = id.split('.') as [string, string, string];
    const otherUprn = Buffer.from(JSON.stringify({ u: '995106020908', t: issued.getTime() })).toString('base64url');
    const later = Buffer.from(JSON.stringify({ u: '993262081585', t: minutes(60).getTime() })).toString('base64url');
    for (const bad of [
      `${v}.${otherUprn}.${sig}`,
      `${v}.${later}.${sig}`,
      `${v}.${payload}.${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`,
      'made-up-selection-id-0123456789',
      `${id}.extra`,
    ]) {
      expect(checkSelectionId(bad, minutes(1), 'secret-a')).toEqual({ ok: false, reason: 'invalid' });
    }
    expect(checkSelectionId(id, minutes(1), 'secret-b')).toEqual({ ok: false, reason: 'invalid' });
  });
});
