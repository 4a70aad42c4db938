import { phaseSlugOf, slugOfName, statusSlugOf } from './school-values';

// Slugs of GIAS's published codes (research/gias.md §2d), whatever the padding or the spelling of the release.

describe('GIAS phases and statuses by slug', () => {
  it('name each published code', () => {
    expect(['0', '1', '2', '3', '4', '5', '6', '7'].map((c) => phaseSlugOf(c, ''))).toEqual([
      'not-applicable',
      'nursery',
      'primary',
      'middle-deemed-primary',
      'secondary',
      'middle-deemed-secondary',
      'sixteen-plus',
      'all-through',
    ]);
    expect(['1', '2', '3', '4'].map((c) => statusSlugOf(c, ''))).toEqual(['open', 'closed', 'open-proposed-to-close', 'proposed-to-open']);
  });

  it('go by the code, so the 2018/19 spelling "All through" and a padded "07" are the same phase', () => {
    expect(phaseSlugOf('7', 'All through')).toBe('all-through');
    expect(phaseSlugOf('07', 'All-through')).toBe('all-through');
  });

  it('fall back on the name for a code a later release adds, and on `unknown` for none', () => {
    expect(statusSlugOf('9', 'Archived (legacy)')).toBe('archived-legacy');
    expect(phaseSlugOf('', '')).toBe('unknown');
    expect(slugOfName('  16 Plus ')).toBe('16-plus');
  });
});
