import { registeredTitles, titleByNumber } from './dataset';

// The data set is hand-written: these keep its parts telling the same story.

const propertyDescription = (titleNumber: string) => {
  const entry = titleByNumber(titleNumber)!.register.propertyRegister.find((e) => e.entryNumber === 1);
  return entry?.entryText[0] ?? '';
};

describe('the registry test environment data set', () => {
  it('holds each title number once, in the shape HM Land Registry uses', () => {
    const numbers = registeredTitles.map((t) => t.titleNumber);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const n of numbers) expect(n).toMatch(/^[A-Z]{1,3}\d{1,7}$/);
  });

  it.each(registeredTitles.map((t) => [t.titleNumber, t] as const))('%s: its register is the same title', (titleNumber, title) => {
    expect(title.register.titleNumber).toBe(titleNumber);
    expect(title.register.tenure.toLowerCase()).toBe(title.tenure);
    expect(propertyDescription(titleNumber)).toMatch(new RegExp(`^The ${title.register.tenure} land\\b`));
    expect(propertyDescription(titleNumber).toLowerCase()).toContain(`being ${title.address.toLowerCase()}`);
    if (title.titleNumber !== 'WYK736104') expect(propertyDescription(titleNumber)).toContain(`(${title.postcode})`);
  });

  it.each(registeredTitles.map((t) => [t.titleNumber, t] as const))(
    '%s: UPRNs, postcode and referred entries are well formed',
    (_n, title) => {
      expect(title.uprns.length).toBeGreaterThan(0);
      for (const uprn of title.uprns) expect(uprn).toMatch(/^\d{1,12}$/);
      expect(title.postcode).toMatch(/^[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}$/);
      const registers = { A: title.register.propertyRegister, B: title.register.proprietorshipRegister, C: title.register.chargesRegister };
      for (const doc of title.referred) {
        expect(doc.date ?? '').toMatch(/^(\d{4}-\d{2}-\d{2})?$/);
        for (const ref of doc.entryNumbers) {
          const entries = registers[ref.charAt(0) as 'A' | 'B' | 'C'];
          expect(entries?.some((e) => e.entryNumber === Number(ref.slice(1)))).toBe(true);
        }
      }
    },
  );

  it('continues every closed title under an open title that exists', () => {
    const closed = registeredTitles.filter((t) => t.status === 'closed');
    expect(closed.length).toBeGreaterThan(0);
    for (const title of closed) {
      const continuation = titleByNumber(title.continuedUnderTitleNumber ?? '');
      expect(continuation?.status).toBe('open');
    }
    for (const title of registeredTitles.filter((t) => t.status === 'open')) expect(title.continuedUnderTitleNumber).toBeNull();
  });

  it('has the cases the orders service meets', () => {
    expect(registeredTitles.some((t) => t.applicationsPending)).toBe(true);
    expect(registeredTitles.some((t) => t.country === 'Wales' && t.postcode.startsWith('CF') && t.titleNumber.startsWith('CYM'))).toBe(
      true,
    );
    const withDeeds = titleByNumber('WT371956')!;
    expect(withDeeds.planAvailable).toBe(true);
    expect(withDeeds.referred.some((d) => !d.available)).toBe(true);
    expect(withDeeds.referred.some((d) => d.planOnly)).toBe(true);
    expect(titleByNumber('NGL918273')!.register.propertyRegister.some((e) => e.entryText.join(' ').includes('NGL402216'))).toBe(true);
  });

  it('looks a title number up however it is spaced or cased', () => {
    expect(titleByNumber(' bk 509231')?.titleNumber).toBe('BK509231');
    expect(titleByNumber('BK000000')).toBeUndefined();
  });
});
