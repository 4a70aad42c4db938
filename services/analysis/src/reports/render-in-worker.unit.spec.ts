import type { ReportModel } from '@pds/report-pdf';
import { RenderQueue } from './render-in-worker';

// The render pool: warm workers taking one model at a time, a model the renderer refuses failing that render alone,
// and a render over its time ended (its worker replaced). Needs the renderer built (`tsc -b`), as the service does.

const model: ReportModel = {
  reportId: 'rep_aaaaaaaaaaaaaaaaaaaaaaaaaa',
  type: 'area-pack',
  subject: { uprn: null, address: null, postcode: 'RG30 2AN' },
  asOf: '2024-01-15',
  requestedAt: '2024-01-15T12:00:00.000Z',
  branding: { companyName: 'Thameside', primaryColour: '#0B6E4F', logo: null, footerText: null },
  sections: [],
};
/** A section whose data is not its operation's answer: the renderer refuses it. */
const broken: ReportModel = {
  ...model,
  sections: [
    {
      name: 'crime',
      title: 'Crime',
      core: false,
      state: 'assembled',
      data: { not: 'a crime count' },
      sources: [],
      reason: null,
      source: { operationId: 'area_crime', input: {} },
    },
  ],
};

describe('the render pool', () => {
  const queue = new RenderQueue({ workers: 1, timeoutMs: 20_000, maxHeapMb: 256 });
  afterAll(() => queue.stop());

  it('renders the same model to the same bytes, one after another on a warm worker', async () => {
    const [a, b] = await Promise.all([queue.render(model), queue.render(model)]);
    expect(a.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(a.pdf.equals(b.pdf)).toBe(true);
    expect(a.pages).toBeGreaterThan(1);
  });

  it('fails a model the renderer refuses, and goes on rendering the next', async () => {
    await expect(queue.render(broken)).rejects.toThrow(/crime/);
    expect((await queue.render(model)).pdf.length).toBeGreaterThan(1000);
  });

  it('ends a render over its time', async () => {
    const hurried = new RenderQueue({ workers: 1, timeoutMs: 1, maxHeapMb: 256 });
    await expect(hurried.render(model)).rejects.toThrow(/longer than 1 ms/);
    await hurried.stop();
  });
});
