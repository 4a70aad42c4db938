import type { Source } from '@pds/contracts';
import { envMs } from '@pds/service-runtime';
import { UpstreamHttp } from '../upstreams/http';
import { CoalClient } from './coal-client';
import { GeologyClient } from './geology-client';
import { LandslidesClient } from './landslides-client';

// The ground-risk screen's upstreams, from the environment (production defaults: the publishers' services):
// - COAL_WMS_URL: the root of the Coal Authority's WMS services (default https://map.bgs.ac.uk, where BGS publishes them
//   under /arcgis/services/CoalAuthority/…; the Mining Remediation Authority has been moving its services to ArcGIS
//   Online, so the root is a setting);
// - BGS_GEOLOGY_WMS_URL: the root of BGS's 1:50,000 geology WMS (default https://map.bgs.ac.uk);
// - BGS_OGCAPI_URL: BGS's OGC API – Features (default https://ogcapi.bgs.ac.uk);
// - GROUND_RISK_TIMEOUT_MS: the longest wait for one answer (default 2500);
// - GROUND_RISK_BUDGET_MS: the longest one screen waits for all its sources, retries included (default 3500: inside the
//   gateway's 5 s wait, so that a dead upstream makes a partial screen, not a timeout);
// - GROUND_RISK_SYNTHETIC: set (to what it is) when the upstreams are a test environment serving synthetic layers.

export interface GroundRiskSettings {
  coal: CoalClient;
  geology: GeologyClient;
  landslides: LandslidesClient;
  budgetMs: number;
  sources: { coal: Omit<Source, 'vintage'>; landslides: Omit<Source, 'vintage'>; geology: Omit<Source, 'vintage'> };
}

const bgsAttribution = 'Contains British Geological Survey materials © UKRI 2025.';

export const groundRiskFromEnv = (env: NodeJS.ProcessEnv = process.env): GroundRiskSettings => {
  const http = new UpstreamHttp({ attemptTimeoutMs: envMs('GROUND_RISK_TIMEOUT_MS', 2_500, env), maxAttempts: 2, retryPauseMs: 100 });
  const synthetic = env.GROUND_RISK_SYNTHETIC?.trim();
  const flag = synthetic ? { synthetic: true } : {};
  return {
    coal: new CoalClient(env.COAL_WMS_URL?.trim() || 'https://map.bgs.ac.uk', http),
    geology: new GeologyClient(env.BGS_GEOLOGY_WMS_URL?.trim() || 'https://map.bgs.ac.uk', http),
    landslides: new LandslidesClient(env.BGS_OGCAPI_URL?.trim() || 'https://ogcapi.bgs.ac.uk', http),
    budgetMs: envMs('GROUND_RISK_BUDGET_MS', 3_500, env),
    sources: {
      coal: {
        dataset: 'coal-mining-layers',
        title: 'Coal Authority coal mining data: planning and specific-risk map layers, live',
        publisher: 'Mining Remediation Authority (the Coal Authority)',
        licence: 'Open Government Licence v3.0 (not for producing coal mining reports)',
        attribution:
          synthetic ||
          'Contains public sector information licensed under the Open Government Licence v3.0. © Mining Remediation Authority.',
        ...flag,
      },
      landslides: {
        dataset: 'bgs-landslides',
        title: 'BGS National Landslide Database (landslide index), live',
        publisher: 'British Geological Survey',
        licence: 'Open Government Licence v3.0',
        attribution: synthetic || bgsAttribution,
        ...flag,
      },
      geology: {
        dataset: 'bgs-geology-50k',
        title: 'BGS Geology 1:50,000, live',
        publisher: 'British Geological Survey',
        licence: 'Open Government Licence v3.0',
        attribution: synthetic || bgsAttribution,
        ...flag,
      },
    },
  };
};
