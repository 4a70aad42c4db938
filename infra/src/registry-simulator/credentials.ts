/** The user of the developer pack's vendor tests, which the registry test environment accepts unless told otherwise. */
export const defaultRegistryCredentials = { username: 'BGUser001', password: 'landreg001' } as const;
