import { coalLayerOf } from './coal-layers';

describe('recognising a coal layer by its title', () => {
  it.each([
    ['Coal.Outcrops', 'Coal Outcrops', 'outcrops'],
    ['Probable.Shallow.Coal.Mine.Workings', 'Probable Shallow Coal Mine Workings', 'probableShallowWorkings'],
    ['3', 'Past Shallow Coal Mine Workings', 'pastShallowWorkings'],
    ['4', 'Geological Disturbance - Fissures and Breaklines', 'fissures'],
    ['5', 'Mine Entries', 'mineEntries'],
    ['6', 'Mine Entry Zones of Influence', 'mineEntryInfluenceZones'],
    ['Coal.Mining.Reporting.Area', 'Coal Mining Reporting Area', 'reportingArea'],
    ['Development.High.Risk.Area', 'Development High Risk Area', 'developmentHighRiskArea'],
    ['Surface.Mining.Past.and.Current', 'Surface Mining Past and Current', 'surfaceMining'],
    ['Surface.Coal.Resource.Areas', 'Surface Coal Resource Areas', 'coalResources'],
  ])('%s (%s) is %s', (name, title, layer) => {
    expect(coalLayerOf({ name, title })).toBe(layer);
  });

  it("leaves out layers the screen's rules do not name", () => {
    for (const title of ['Development Low Risk Area', 'Mine Gas Sites', 'Coal Mining Related Hazards', 'Licence Areas'])
      expect(coalLayerOf({ name: 'x', title })).toBeUndefined();
  });
});
