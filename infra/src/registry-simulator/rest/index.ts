// Business Gateway's REST services in the registry test environment: mount `restRoutes` at the root.
export { restRoutes, type RestAccount, type RestRouteDeps } from './rest-routes';
export { availabilityStubs } from './availability-stubs';
export { proprietorRefusalStubs, proprietorStubs } from './proprietor-names';
