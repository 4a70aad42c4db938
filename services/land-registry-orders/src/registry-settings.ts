import { pricing } from '@pds/contracts';
import { BusinessGatewayRegistry, businessGateway, type RegistryGateway } from '@pds/land-register';
import { envMs, type Clock } from '@pds/service-runtime';
import { registryTimeoutMsMax } from './orders/next-step';

/** A call to the registry ends within its started submission's lease, so that no other instance takes a live one over. */
const registryTimeoutMs = () => {
  const timeoutMs = envMs('LAND_REGISTRY_TIMEOUT_MS', 10_000);
  if (timeoutMs > registryTimeoutMsMax) throw new Error(`LAND_REGISTRY_TIMEOUT_MS must be at most ${registryTimeoutMsMax} ms`);
  return timeoutMs;
};

// Which registry the orders service speaks to, from the environment: HM Land Registry's Business Gateway, its test
// service or the live one (LAND_REGISTRY_ENVIRONMENT `test` or `live`), at its own address or, outside production, at
// the registry test environment's root (LAND_REGISTRY_URL). The Business Gateway user (LAND_REGISTRY_USERNAME,
// LAND_REGISTRY_PASSWORD) signs every request; the client certificate HM Land Registry issued (LAND_REGISTRY_CERT_FILE,
// LAND_REGISTRY_KEY_FILE, and LAND_REGISTRY_CA_FILE for its CA) is required for the live service, which takes no
// connection without it. Nothing defaults silently to a real registry.

const required = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} must be set: the Business Gateway user the registry knows this service by`);
  return value;
};

export const registryFromEnv = (clock: Clock): { registry: RegistryGateway; where: string } => {
  const environment = process.env.LAND_REGISTRY_ENVIRONMENT ?? 'test';
  if (environment !== 'test' && environment !== 'live') throw new Error('LAND_REGISTRY_ENVIRONMENT must be test or live');
  const rootUrl = process.env.LAND_REGISTRY_URL || undefined;
  const certFile = process.env.LAND_REGISTRY_CERT_FILE;
  const keyFile = process.env.LAND_REGISTRY_KEY_FILE;
  if (environment === 'live' && (!certFile || !keyFile)) {
    throw new Error('LAND_REGISTRY_CERT_FILE and LAND_REGISTRY_KEY_FILE must name the client certificate for the live Business Gateway');
  }
  if (!rootUrl && environment === 'test' && !certFile) {
    throw new Error(
      'LAND_REGISTRY_URL must name the registry test environment, or a client certificate be given for HM Land Registry’s test service',
    );
  }
  const transport = new businessGateway.BusinessGatewayTransport({
    environment,
    rootUrl,
    credentials: { username: required('LAND_REGISTRY_USERNAME'), password: required('LAND_REGISTRY_PASSWORD') },
    ...(certFile && keyFile ? { tls: { certFile, keyFile, caFile: process.env.LAND_REGISTRY_CA_FILE } } : {}),
    timeoutMs: registryTimeoutMs(),
  });
  const registry = new BusinessGatewayRegistry(transport, {
    contact: {
      name: process.env.LAND_REGISTRY_CONTACT_NAME ?? 'Property Data Service',
      telephone: process.env.LAND_REGISTRY_CONTACT_TELEPHONE ?? '0000 000 0000',
    },
    authorisedFeePerCopyPence: pricing.registryPencePerPdf,
    now: () => clock.now(),
  });
  return { registry, where: `${environment} ${rootUrl ?? businessGateway.environmentRoots[environment]}` };
};
