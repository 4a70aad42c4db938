/**
 * Four projects by suffix: unit (pure, no servers), int (real PostgreSQL/Kafka), e2e (the whole stack), containers (the
 * stack and docker compose in containers, from the images `npm run images` builds).
 */
const transform = {
  '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }],
  'node_modules/@platformatic/.+\\.js$': '<rootDir>/test/support/esm-package-transform.js',
};
/** The Kafka client's packages are ES modules only (see test/support/esm-package-transform.js). */
const transformIgnorePatterns = ['/node_modules/(?!@platformatic/)'];
const project = (displayName, suffix, extra = {}) => ({
  displayName,
  transform,
  transformIgnorePatterns,
  testEnvironment: 'node',
  testMatch: ['services/**/src', 'contracts/src', 'libs/**/src', 'infra/src', 'infra/demo-data/src', 'bench/src', 'test'].map(
    (dir) => `<rootDir>/${dir}/**/*.${suffix}.spec.ts`,
  ),
  ...extra,
});

module.exports = {
  projects: [
    project('unit', 'unit'),
    project('int', 'int', { setupFilesAfterEnv: ['<rootDir>/test/support/timeouts/int.js'] }),
    project('e2e', 'e2e', { setupFilesAfterEnv: ['<rootDir>/test/support/timeouts/e2e.js'] }),
    project('containers', 'containers', { setupFilesAfterEnv: ['<rootDir>/test/support/timeouts/containers.js'] }),
  ],
};
