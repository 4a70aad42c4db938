import { reasons, World } from './world';

// What happened to the synthetic schools of each region, story by story (see world.ts). The file's date is 22 April
// 2025: a school proposed to open opens on 1 September 2025, one proposed to close closes on 31 August 2025. Link
// types are the real links file's (research/gias.md §4): Successor/Predecessor for an academy conversion, the
// `- amalgamated`, `- merged` and `- Split School` pairs for the others, as the real file pairs them.

const conversion = (
  w: World,
  from: 'communityPrimary' | 'foundationSecondary',
  to: 'academyPrimary' | 'academySecondary',
  year: number,
) => {
  const turn = World.turnOf(year);
  const old = w.add(from, { status: 'closed', closeDate: turn.closeDate, reasonClosed: reasons.academyConverter });
  const academy = w.add(to, { openDate: turn.openDate, reasonOpened: reasons.academyConverter, site: old.site });
  w.link(old, academy, ['Successor', 'Predecessor']);
};

/** An infant and a junior school become one primary on the infant school's site. */
const amalgamation = (w: World, year: number, dated: boolean) => {
  const turn = World.turnOf(year);
  const closed = { status: 'closed', closeDate: turn.closeDate, reasonClosed: reasons.merged } as const;
  const infant = w.add('infant', closed);
  const junior = w.add('junior', closed);
  const primary = w.add('communityPrimary', { openDate: turn.openDate, reasonOpened: reasons.amalgamated, site: infant.site });
  for (const old of [infant, junior]) w.link(old, primary, ['Successor - amalgamated', 'Predecessor - amalgamated'], dated);
};

/** Two secondaries merge into a sponsored academy on the first one's site. */
const merger = (w: World, year: number) => {
  const turn = World.turnOf(year);
  const closed = { status: 'closed', closeDate: turn.closeDate, reasonClosed: reasons.merged } as const;
  const first = w.add('foundationSecondary', closed);
  const second = w.add('foundationSecondary', closed);
  const academy = w.add('sponsoredAcademy', { openDate: turn.openDate, reasonOpened: reasons.amalgamated, site: first.site });
  for (const old of [first, second]) w.link(old, academy, ['Successor - merged', 'Predecessor - merged']);
};

/** An all-through school splits into a primary on its site and a secondary on another. */
const split = (w: World, year: number) => {
  const turn = World.turnOf(year);
  const old = w.add('allThrough', { status: 'closed', closeDate: turn.closeDate, reasonClosed: reasons.closure });
  const opened = { openDate: turn.openDate, reasonOpened: reasons.newProvision } as const;
  const primary = w.add('freePrimary', { ...opened, site: old.site });
  const secondary = w.add('sponsoredAcademy', opened);
  for (const successor of [primary, secondary]) w.link(old, successor, ['Successor - Split School', 'Predecessor - Split School']);
};

/** The ones whose status is not simply open: proposed to close, proposed to open (no position yet), closed long ago. */
const unsettled = (w: World) => {
  w.add('communityPrimary', { status: 'open-proposed-to-close', closeDate: '31-08-2025', reasonClosed: reasons.forAcademy });
  w.add('freePrimary', { status: 'proposed-to-open', openDate: '01-09-2025', reasonOpened: reasons.newProvision, positioned: false });
  w.add('communityPrimary', { status: 'closed', closeDate: '31-08-2004', reasonClosed: reasons.closure, positioned: false });
  w.add('nursery', { status: 'closed', closeDate: '31-08-2012', reasonClosed: reasons.closure });
};

/** RG30 and RG31: 24 establishments. */
export const readingStories = (w: World) => {
  for (let i = 0; i < 4; i++) w.add('communityPrimary');
  w.add('catholicPrimary', { name: (noun, n) => `Synthetic St Mary\u2019s ${noun} ${n}` });
  w.add('controlledPrimary');
  conversion(w, 'communityPrimary', 'academyPrimary', 2012);
  conversion(w, 'communityPrimary', 'academyPrimary', 2017);
  amalgamation(w, 2000, false);
  conversion(w, 'foundationSecondary', 'academySecondary', 2011);
  w.add('sponsoredAcademy');
  w.add('nursery');
  w.add('special');
  w.add('independent', { openDate: '01-01-1920', gender: ['2', 'Girls'] });
  w.add('allThrough', { openDate: '01-09-2014', reasonOpened: reasons.newProvision });
  unsettled(w);
};

/** Central Leeds, within 5 km of LS1 4AP: 48 establishments. */
export const leedsStories = (w: World) => {
  for (let i = 0; i < 8; i++) w.add('communityPrimary');
  w.add('churchPrimary');
  w.add('churchPrimary');
  w.add('catholicPrimary', { name: (noun, n) => `Synthetic St Anne\u2019s ${noun} ${n}` });
  w.add('catholicPrimary');
  w.add('controlledPrimary');
  conversion(w, 'communityPrimary', 'academyPrimary', 2013);
  conversion(w, 'communityPrimary', 'academyPrimary', 2015);
  conversion(w, 'communityPrimary', 'academyPrimary', 2021);
  amalgamation(w, 2006, false);
  amalgamation(w, 2016, true);
  conversion(w, 'foundationSecondary', 'academySecondary', 2012);
  w.add('sponsoredAcademy');
  w.add('sponsoredAcademy');
  merger(w, 2014);
  w.add('catholicAcademy', {
    openDate: '01-04-2013',
    reasonOpened: reasons.academyConverter,
    name: (noun, n) => `Synthetic St Anne\u2019s ${noun} ${n}, A Voluntary Academy`,
  });
  w.add('nursery');
  w.add('nursery');
  w.add('special');
  w.add('pupilReferralUnit', { openDate: '01-09-1999' });
  w.add('independent', { openDate: '01-01-1919', gender: ['1', 'Boys'] });
  w.add('independent', { openDate: '01-01-1939' });
  w.add('allThrough', { openDate: '01-09-2016', reasonOpened: reasons.newProvision });
  w.add('sixteenPlus', { openDate: '01-09-2019', reasonOpened: reasons.newProvision });
  split(w, 2019);
  unsettled(w);
};
