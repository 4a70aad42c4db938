import { runsToLines } from './text-lines';

const run = (text: string, x: number, y: number, width = text.length * 5, height = 10) => ({ text, x, y, width, height });

describe('rebuilding lines from positioned text', () => {
  it('orders lines top to bottom and runs left to right, whatever order they were drawn in', () => {
    const lines = runsToLines([
      run('Page 1 of 2', 480, 40),
      run('The Freehold land shown edged with red', 140, 700),
      run('(12.08.1987)', 72, 700),
      run('1', 56, 700, 5),
      run('A: Property Register', 56, 740, 100, 12),
      run('Registry and being 1 High Street.', 140, 688),
    ]);
    expect(lines).toEqual([
      'A: Property Register',
      '1 (12.08.1987) The Freehold land shown edged with red',
      'Registry and being 1 High Street.',
      'Page 1 of 2',
    ]);
  });

  it('keeps runs with slightly different baselines on one line and adds no space inside a word split in two runs', () => {
    expect(runsToLines([run('Title number', 56, 700.4, 60), run('BK', 120, 700, 10), run('509231', 130, 700, 30)])).toEqual([
      'Title number BK509231',
    ]);
  });

  it('drops empty runs and empty pages', () => {
    expect(runsToLines([run('', 56, 700), run('   ', 56, 690)])).toEqual([]);
  });
});
