// The budgets of site scans: every cost that grows with what a site sends (bytes, files, depth,
// URLs, time) stops at a named limit here. docs/SITES.md says why each has its value.
import { MAX_URL_LENGTH } from '../urls/maxUrlLength';

/** URLs one sitemap file may list (the sitemap protocol's limit). */
export const MAX_URLS_PER_SITEMAP = 50_000;
/** Uncompressed bytes of one sitemap file (the protocol's 50 MB); counted while inflating. */
export const MAX_SITEMAP_BYTES = 50 * 1024 * 1024;
/** Bytes of robots.txt read (Google reads 500 KiB). */
export const MAX_ROBOTS_BYTES = 512 * 1024;
/** Levels of sitemap indexes below the first file (index → index → index → urlset). */
export const MAX_INDEX_DEPTH = 3;
/** Sitemap files fetched for one discovery, indexes included. */
export const MAX_SITEMAP_FILES = 200;
/** URLs one discovery gathers over all its files; past it the rest is dropped and said. */
export const MAX_DISCOVERED_URLS = 200_000;
/** Redirects followed for one file. */
export const MAX_REDIRECTS = 5;
/** Time for one file, from the request to its last byte. */
export const FETCH_TIMEOUT_MS = 30_000;
/** Characters of one `<loc>` value (Google's URL limit is 2,048). */
export const MAX_LOC_LENGTH = MAX_URL_LENGTH;
/** Characters of one input address or remap prefix (a pattern's are MAX_PATTERN_LENGTH, core/urls/urlPattern.ts). */
export const MAX_INPUT_LENGTH = MAX_URL_LENGTH;
/** URLs one scan job holds. */
export const MAX_JOB_URLS = MAX_DISCOVERED_URLS;
/** Bytes of a job's state file read on resume (header + journal lines for MAX_JOB_URLS). */
export const MAX_STATE_BYTES = 256 * 1024 * 1024;
