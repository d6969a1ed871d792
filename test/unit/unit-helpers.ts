// Shared by unit suites outside test/unit/service: the service suite's fixture web server.
export { startFixtures, freePort } from './service/helpers';
export type { FixtureServer } from './service/helpers';
