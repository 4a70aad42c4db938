import { envMs } from '@pds/service-runtime';
import { attributions } from '../../datasets/attributions';
import type { FindCertificatesDeps } from '../find-certificates';
import { EpcRegisterClient } from './client';

// The live register's settings, from the environment:
// - EPC_API_URL: its API root (production: https://api.get-energy-performance-data.communities.gov.uk); absent, the
//   lookups answer from the bulk download alone;
// - EPC_API_TOKEN: our bearer token there (required with EPC_API_URL);
// - EPC_API_TIMEOUT_MS: the longest wait for one answer (default 2000);
// - EPC_LIVE_BUDGET_MS: the longest the register may take over one lookup, every call and retry together (default
//   3500: inside the gateway's 5 s wait, so that a slow register is a 502 EPC_SERVICE_ERROR, not a timeout);
// - EPC_API_SYNTHETIC: set (to what it is) when the register is a test environment serving synthetic certificates, so
//   that answers built from it say so in `sources`.

const maxAttempts = 3;
const retryPauseMs = 100;

export const registerFromEnv = (
  env: NodeJS.ProcessEnv = process.env,
): Pick<FindCertificatesDeps, 'register' | 'registerSource' | 'liveBudgetMs'> => {
  const url = env.EPC_API_URL?.trim();
  const token = env.EPC_API_TOKEN?.trim();
  if (url && !token) throw new Error('EPC_API_URL is set without EPC_API_TOKEN');
  const synthetic = env.EPC_API_SYNTHETIC?.trim();
  return {
    register: url
      ? new EpcRegisterClient({
          baseUrl: url,
          token: token as string,
          attemptTimeoutMs: envMs('EPC_API_TIMEOUT_MS', 2_000, env),
          maxAttempts,
          retryPauseMs,
        })
      : null,
    liveBudgetMs: envMs('EPC_LIVE_BUDGET_MS', 3_500, env),
    registerSource: {
      dataset: 'epc-register',
      title: 'Get energy performance of buildings data: the register, live',
      publisher: 'Ministry of Housing, Communities and Local Government',
      licence: 'Open Government Licence v3.0 (address data: the Ordnance Survey and Royal Mail notice)',
      attribution: synthetic || attributions.epcDomestic,
      ...(synthetic ? { synthetic: true } : {}),
    },
  };
};
