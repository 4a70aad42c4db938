import pg from 'pg';
import { freshDatabase } from '../../../../../test/support/environment';
import { mailLimits, takeMailPlace } from './mail-limits';

// Asked-for mail against the gateway's own table: five an hour to one recipient and fifty from one address, over a
// sliding hour of business time (the limits as documented in docs/account.md).

let pool: pg.Pool;
beforeAll(async () => {
  pool = new pg.Pool({ connectionString: await freshDatabase('mailimits'), max: 4 });
});
afterAll(async () => pool?.end());

const start = new Date('2026-05-14T12:00:00Z');
const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);

it('sends five an hour to one address, and a sixth once the first is an hour old', async () => {
  const taken = [];
  for (let i = 0; i < 6; i++) taken.push(await takeMailPlace(pool, 'owner@example.test', '192.0.2.1', at(i)));
  expect(taken).toEqual([true, true, true, true, true, false]);
  // The first was at minute 0: a millisecond before minute 60 it is still in the hour; at minute 60 it has left it.
  expect(await takeMailPlace(pool, 'owner@example.test', '192.0.2.1', new Date(at(60).getTime() - 1))).toBe(false);
  expect(await takeMailPlace(pool, 'owner@example.test', '192.0.2.1', at(60))).toBe(true);
});

it('sends fifty an hour from one address whatever the recipients, and counts an IPv6 address by its /64', async () => {
  const from = (i: number) => `2001:db8:1:2::${i.toString(16)}`;
  const results = [];
  for (let i = 0; i < mailLimits.perAddress + 1; i++) results.push(await takeMailPlace(pool, `r${i}@example.test`, from(i), at(0)));
  expect(results.filter(Boolean)).toHaveLength(50);
  expect(results.at(-1)).toBe(false);
  // Another /64 is another asker.
  expect(await takeMailPlace(pool, 'r0@example.test', '2001:db8:1:3::1', at(0))).toBe(true);
});
