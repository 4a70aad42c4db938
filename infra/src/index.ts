export * from './migrate';
export * from './postgres';
export * from './chromium';
export * from './kafka';
export * from './stack';
export * from './admin-client';
export * from './registry-control';
export { createRegistrySimulator, registryBasePath, startRegistrySimulator } from './registry-simulator/simulator';
export type { RegistrySimulatorOptions, RunningRegistrySimulator } from './registry-simulator/simulator';
