import { Router } from 'express';
import type { GatewayDeps } from '../../deps';
import { orderReadRoutes } from './order-reads';
import { testRegisterExtractionRoutes } from './test-register-extraction';
import { titleLookupRoutes } from './title-lookups';
import { titleOrderRoutes } from './title-orders';

/** The Land Registry group (England and Wales only), under `/api/v1`. */
export const landRegistryRoutes = (deps: GatewayDeps) =>
  Router().use(titleLookupRoutes(deps), titleOrderRoutes(deps), orderReadRoutes(deps), testRegisterExtractionRoutes(deps));
