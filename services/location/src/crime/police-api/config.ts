import type { Source } from '@pds/contracts';
import { envMs } from '@pds/service-runtime';
import { attributions } from '../../datasets/attributions';
import { UpstreamHttp } from '../../upstreams/http';
import { PoliceApiClient } from './client';

// The live police.uk API's settings, from the environment:
// - POLICE_API_URL: its API root (production: https://data.police.uk/api); absent, crime is answered from the imported
//   street-level files alone;
// - POLICE_API_TIMEOUT_MS: the longest wait for one answer (default 2000);
// - POLICE_LIVE_BUDGET_MS: the longest the API may take over one answer, every month's call and retries together
//   (default 3500: inside the gateway's 5 s wait, so that a slow API is a 502 CRIME_SERVICE_ERROR, not a timeout);
// - POLICE_API_SYNTHETIC: set (to what it is) when the API is a test environment, so that answers say so in `sources`.

export interface PoliceApiSettings {
  api: PoliceApiClient | null;
  liveBudgetMs: number;
  /** Provenance of answers from the live API (its vintage is the months asked). */
  source: Omit<Source, 'vintage'>;
}

export const policeApiFromEnv = (env: NodeJS.ProcessEnv = process.env): PoliceApiSettings => {
  const url = env.POLICE_API_URL?.trim();
  const synthetic = env.POLICE_API_SYNTHETIC?.trim();
  return {
    api: url
      ? new PoliceApiClient(
          url,
          new UpstreamHttp({ attemptTimeoutMs: envMs('POLICE_API_TIMEOUT_MS', 2_000, env), maxAttempts: 3, retryPauseMs: 100 }),
        )
      : null,
    liveBudgetMs: envMs('POLICE_LIVE_BUDGET_MS', 3_500, env),
    source: {
      dataset: 'police-uk-api',
      title: 'police.uk API: street-level crime, live',
      publisher: 'Home Office (data.police.uk)',
      licence: 'Open Government Licence v3.0',
      attribution: synthetic || attributions.policeUk,
      ...(synthetic ? { synthetic: true } : {}),
    },
  };
};
