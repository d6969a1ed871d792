// What can go wrong while reading a site, as data: every failure names the file it happened in
// and says, in words for people, what was refused or which limit was reached. Nothing in
// core/sites throws for a site's fault; it returns one of these.

export type SiteFailureKind =
  | 'bad-input'
  | 'scheme'
  | 'forbidden-origin'
  | 'local-network'
  | 'redirect'
  | 'status'
  | 'network'
  | 'unreadable'
  | 'timeout'
  | 'cancelled'
  | 'too-large'
  | 'too-many-urls'
  | 'not-sitemap'
  | 'doctype'
  | 'depth'
  | 'loop'
  | 'too-many-files';

export interface SiteFailure {
  kind: SiteFailureKind;
  /** The file (or input) it happened in. */
  file: string;
  /** For people: what happened and which limit, if any. */
  message: string;
}

export function failure(kind: SiteFailureKind, file: string, message: string): SiteFailure {
  return { kind, file, message };
}
