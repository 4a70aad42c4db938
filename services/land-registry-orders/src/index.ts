// Nothing: the service is run, not imported. The register and the registry's side of the protocol, which the
// registry test environment in infra shares with this service, are the library @pds/land-register.
export {};
