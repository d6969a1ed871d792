// Whole sites from their sitemaps: the shared core of the editor's scanSite and the command
// line's scan. Discovery → selection → preview → a persistent job run under the rate limit.
export { discoverSitemapUrls } from './discover';
export type { Discovery, DiscoverOptions, DiscoverLimits, SitemapFile } from './discover';
export type { SiteFailure, SiteFailureKind } from './failures';
export { urlsOfSitemapText } from './sitemapParser';
export type { ParsedSitemap, SitemapKind } from './sitemapParser';
export { selectUrls, parseRemap, pathGroup } from './select';
export type { Selection, SelectOptions, Remap } from './select';
export { previewScan, estimateMs, DEFAULT_RATE_LIMIT_PER_MINUTE } from './preview';
export type { PreviewOptions, ScanPreview } from './preview';
export { ScanJob, JobProblem, createJob, loadJob } from './scanJob';
export type { JobCounts, JobProblemKind, NewJob, ScanProgress } from './scanJob';
export type { JobStatus, JobItem } from './jobJournal';
export type { JobFiles } from './jobFiles';
export { runScan, resultOf } from './runScan';
export { leftOver } from './jobOffer';
export type { LeftOver } from './jobOffer';
export type { ScanClient, ScanDeps, ScanResult } from './runScan';
export * from './scanLimits';
export { describePreview, describeScanResult } from './describe';
