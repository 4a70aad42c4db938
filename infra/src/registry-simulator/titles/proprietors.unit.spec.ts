import { registeredTitles } from './dataset';
import type { RegisteredProprietor } from './registered-title';

// Each title's proprietors, as Registered Proprietor Names gives them, are the people and companies its proprietorship
// register names: the names are read here from the register's own words ("PROPRIETOR: A and B of …").

const nameOf = (p: RegisteredProprietor) => (p.kind === 'individual' ? `${p.forenames} ${p.surname}` : p.name);

const namedInRegister = (text: string): string[] => {
  const names = /^PROPRIETOR: (.+?)(?: \(Co\. Regn\. No\. [^)]*\))? of /.exec(text)?.[1];
  return names ? names.split(' and ') : [];
};

describe("the registry test environment's proprietors", () => {
  it.each(registeredTitles.map((t) => [t.titleNumber, t] as const))('%s: are the names of its proprietorship register', (_n, title) => {
    const entries = title.register.proprietorshipRegister.filter((e) => e.entryType === 'Proprietor');
    const registered = entries.flatMap((e) => e.entryText.flatMap(namedInRegister));
    expect(registered.length).toBeGreaterThan(0);
    expect((title.proprietors ?? []).map(nameOf)).toEqual(registered);
  });

  it('holds a company as an organisation, and everyone else as a person with forenames and a surname', () => {
    for (const title of registeredTitles) {
      for (const p of title.proprietors ?? []) {
        if (p.kind === 'organisation') expect(p.name).toMatch(/LIMITED$/);
        else expect([p.forenames.length > 0, /^[A-Z]+$/.test(p.surname)]).toEqual([true, true]);
      }
    }
  });
});
