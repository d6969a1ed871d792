// The API client's public surface.
export * from './types';
export * from './errors';
export { ReportsClient } from './client';
export type { ClientOptions, CallOptions, Log, LogLevel } from './client';
export { parseBaseUrl, isLoopbackHost } from './baseUrl';
export type { BaseUrl } from './baseUrl';
export { urlProblem, isPrivacy } from './validate';
export type { ProxySettings } from './proxy';
