import { policeApi } from '@pds/contracts';
import { jsonOf, UpstreamFailure, type UpstreamHttp } from '../../upstreams/http';

// The live police.uk API (contracts/src/location/police-api.ts for what it documents): the street-level crimes of a
// month inside a polygon, POSTed form-encoded (a polygon in a GET soon passes its 4,094-character limit), and the
// month of its latest data. An answer that is not what the documentation describes is a failure, never "no crime".

export class PoliceApiClient {
  private readonly baseUrl: string;

  constructor(
    baseUrl: string,
    private readonly http: UpstreamHttp,
  ) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
  }

  /** Every street-level crime of `month` inside the ring (`[latitude, longitude]` vertices). */
  async crimesInPolygon(
    ring: ReadonlyArray<readonly [number, number]>,
    month: string,
    deadlineMs: number,
  ): Promise<policeApi.PoliceApiCrime[]> {
    const body = new URLSearchParams({ poly: ring.map(([lat, lng]) => `${lat.toFixed(6)},${lng.toFixed(6)}`).join(':'), date: month });
    const answer = await this.http.request(
      {
        url: `${this.baseUrl}${policeApi.policeApiPaths.streetCrimes}`,
        init: { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' } },
        // 503 is the API's "more than 10,000 crimes in this area": asking again gives the same.
        refusals: [503],
      },
      deadlineMs,
    );
    const parsed = policeApi.PoliceApiStreetCrimes.safeParse(jsonOf(answer.text, 'police.uk street-level crimes'));
    if (!parsed.success) throw new UpstreamFailure('malformed', `police.uk street-level crimes: ${parsed.error.issues[0]?.message}`);
    return parsed.data;
  }

  /** The month of the API's latest street-level data (YYYY-MM). */
  async latestMonth(deadlineMs: number): Promise<string> {
    const answer = await this.http.request(
      { url: `${this.baseUrl}${policeApi.policeApiPaths.lastUpdated}`, init: { headers: { accept: 'application/json' } } },
      deadlineMs,
    );
    const parsed = policeApi.PoliceApiLastUpdated.safeParse(jsonOf(answer.text, 'police.uk last updated'));
    if (!parsed.success) throw new UpstreamFailure('malformed', `police.uk last updated: ${parsed.error.issues[0]?.message}`);
    return parsed.data.date.slice(0, 7);
  }
}
