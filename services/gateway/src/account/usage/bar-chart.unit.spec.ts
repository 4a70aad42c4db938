import { XMLParser } from 'fast-xml-parser';
import { barChart, barTitle, countTicks, type UsageBar } from './bar-chart';

// The chart read back as XML: each bar's height and position against figures worked by hand from the layout (a plot
// 48 px in from the left, 8 px from the right and top, 40 px up from the bottom).

type Node = Record<string, unknown> & { title?: string | { '#text': string } };
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  isArray: (name) => ['rect', 'text', 'line'].includes(name),
});
const parse = (svg: string) => (parser.parse(svg) as { svg: Node & { rect: Node[]; text: Node[]; line: Node[] } }).svg;
const titleOf = (n: Node) => (typeof n.title === 'object' ? n.title['#text'] : n.title);
const size = { widthPx: 400, heightPx: 200 };

const may = [
  { day: '2026-05-14', creditsCharged: 37, calls: 12 },
  { day: '2026-05-15', creditsCharged: 0, calls: 0 },
  { day: '2026-05-16', creditsCharged: 20, calls: 40 },
];

describe('the usage bar chart', () => {
  it('draws each day’s credits and calls to the scale of 0–40 (the highest, 40, rounded to a tick)', () => {
    const svg = parse(barChart(may, size).toString());
    const credits = svg.rect.filter((r) => r.class === 'credits');
    const calls = svg.rect.filter((r) => r.class === 'calls');
    // Plot height 200 − 8 − 40 = 152 px for 40: 37 → 140.6, 20 → 76; 12 → 45.6, 40 → 152.
    expect(credits.map((r) => [r.height, r.y])).toEqual([
      ['140.6', '19.4'],
      ['0', '160'],
      ['76', '84'],
    ]);
    expect(calls.map((r) => [r.height, r.y])).toEqual([
      ['45.6', '114.4'],
      ['0', '160'],
      ['152', '8'],
    ]);
    // A day's slot is (400 − 48 − 8) / 3 = 114.667 px: credits from 10 % of it, 55 % wide; calls from 70 %, 20 % wide.
    expect([credits[0]?.x, credits[0]?.width, calls[0]?.x, calls[0]?.width]).toEqual(['59.47', '63.07', '128.27', '22.93']);
    expect(credits[2]?.x).toBe('288.8');
    expect(svg.line.map((l) => l.y1)).toEqual(['160', '122', '84', '46', '8']);
    expect(svg.text.slice(0, 5).map((t) => t['#text'])).toEqual([0, 10, 20, 30, 40]);
  });

  it('names every bar with its day and figures, and is an image labelled by its title and description', () => {
    const svg = parse(barChart(may, size).toString());
    const bars = svg.rect.filter((r) => r.class);
    expect(bars.map(titleOf)).toEqual([
      '14 May 2026: 37 credits, 12 calls',
      '14 May 2026: 37 credits, 12 calls',
      '15 May 2026: 0 credits, 0 calls',
      '15 May 2026: 0 credits, 0 calls',
      '16 May 2026: 20 credits, 40 calls',
      '16 May 2026: 20 credits, 40 calls',
    ]);
    expect(barTitle({ day: '2026-11-01', creditsCharged: 1, calls: 1 })).toBe('1 November 2026: 1 credit, 1 call');
    expect(barTitle({ day: '2026-11-01', creditsCharged: 12_345, calls: 2 })).toBe('1 November 2026: 12,345 credits, 2 calls');
    expect([svg.role, svg['aria-labelledby']]).toEqual(['img', 'usage-chart-title usage-chart-desc']);
    expect(svg.title).toEqual({ id: 'usage-chart-title', '#text': 'Credits charged and calls per day' });
    expect(svg.desc).toEqual({
      id: 'usage-chart-desc',
      '#text': '14 May 2026 to 16 May 2026: 57 credits charged, 52 calls. The table below gives every day’s figures.',
    });
  });

  it('keeps whole-number ticks for small counts, and an axis of 0–1 when nothing was used', () => {
    expect(countTicks(0).values).toEqual([0, 1]);
    expect(countTicks(3).values).toEqual([0, 1, 2, 3]);
    expect(countTicks(7).values).toEqual([0, 2, 4, 6, 8]);
    // 1,234 in at most five steps of 1, 2 or 5 × 10^k: 500s, so the axis ends at 1,500 and 1,234 is 125.05 px of 152.
    expect(countTicks(1234).values).toEqual([0, 500, 1000, 1500]);
    const svg = parse(barChart([{ day: '2026-05-14', creditsCharged: 1234, calls: 0 }], size).toString());
    expect(svg.rect.find((r) => r.class === 'credits')?.height).toBe('125.05');
    const idle = parse(barChart([{ day: '2026-05-14', creditsCharged: 0, calls: 0 }], size).toString());
    expect(idle.rect.filter((r) => r.class).map((r) => r.height)).toEqual(['0', '0']);
  });

  it('labels at most one day in every 44 px, so a year of days stays readable', () => {
    const days: UsageBar[] = Array.from({ length: 31 }, (_, i) => ({
      day: `2026-05-${String(i + 1).padStart(2, '0')}`,
      creditsCharged: i,
      calls: 0,
    }));
    // 344 px / 31 days = 11.1 px a day: a label every ceil(44 / 11.1) = 4 days, the 1st, 5th, … 29th: 8 labels.
    const labels = parse(barChart(days, size).toString())
      .text.map((t) => t['#text'])
      .filter((t) => typeof t === 'string' && / May$/.test(t));
    expect(labels).toEqual(['1 May', '5 May', '9 May', '13 May', '17 May', '21 May', '25 May', '29 May']);
  });

  it('escapes what it is given, and refuses a size with no room to plot', () => {
    const markup = barChart(may, size, '"><script>alert(1)</script>').toString();
    expect(markup).not.toContain('<script');
    expect(markup).toContain('id="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;-title"');
    expect(parse(markup).title).toMatchObject({ id: '"><script>alert(1)</script>-title' });
    expect(() => barChart(may, { widthPx: 50, heightPx: 200 })).toThrow('no room to plot');
  });
});
