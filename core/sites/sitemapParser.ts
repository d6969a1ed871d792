// Reads the `<loc>` values of a sitemap (`<urlset>`) or a sitemap index (`<sitemapindex>`) as the
// text arrives, with sax in strict mode. A DOCTYPE is refused outright (no entity of a site's is
// ever expanded; sax itself knows only the five XML entities), and so is anything whose root is
// not one of the two sitemap elements (an HTML page, JSON, an error text). At most
// MAX_URLS_PER_SITEMAP locations are taken from one file; a `<loc>` longer than MAX_LOC_LENGTH,
// or not an absolute http(s) URL, is skipped and counted.
import * as l10n from '@vscode/l10n';
import { hasControl } from '../text/invisibleText';
import * as sax from 'sax';
import { failure, SiteFailure } from './failures';
import { MAX_LOC_LENGTH, MAX_URLS_PER_SITEMAP } from './scanLimits';

export type SitemapKind = 'urlset' | 'sitemapindex';

export interface ParsedSitemap {
  /** undefined until the root element has been read. */
  kind?: SitemapKind;
  /** Page URLs (urlset) or child sitemap URLs (sitemapindex), in file order. */
  locs: string[];
  /** `<loc>` values skipped: too long, or not an absolute http(s) URL. */
  skipped: number;
}

export class SitemapParser {
  readonly result: ParsedSitemap = { locs: [], skipped: 0 };
  private readonly parser: sax.SAXParser;
  private readonly stack: string[] = [];
  private loc: string | undefined;
  private failed: SiteFailure | undefined;

  constructor(
    private readonly file: string,
    private readonly maxUrls = MAX_URLS_PER_SITEMAP,
  ) {
    this.parser = sax.parser(true, { trim: false, normalize: false, position: false });
    this.parser.ondoctype = () =>
      this.fail(failure('doctype', file, l10n.t('{0} declares a DOCTYPE; sitemaps have none, so it was not read.', file)));
    this.parser.onopentag = (tag) => this.open(tag.name);
    this.parser.onclosetag = () => this.close();
    this.parser.ontext = (text) => this.text(text);
    this.parser.oncdata = (text) => this.text(text);
    this.parser.onerror = (error) => this.fail(notSitemap(file, error.message.split('\n')[0]));
  }

  /** Feeds more text; returns the failure that stopped reading, if any. */
  write(text: string): SiteFailure | undefined {
    if (this.failed) return this.failed;
    try {
      this.parser.write(text);
    } catch (error) {
      this.fail(notSitemap(this.file, error instanceof Error ? error.message.split('\n')[0] : ''));
    }
    return this.failed;
  }

  /** The text has ended: the failure, if it was not a whole sitemap. */
  end(): SiteFailure | undefined {
    if (!this.failed) {
      try {
        this.parser.close();
      } catch (error) {
        this.fail(notSitemap(this.file, error instanceof Error ? error.message.split('\n')[0] : ''));
      }
    }
    if (!this.failed && !this.result.kind) this.fail(notSitemap(this.file, l10n.t('it is empty')));
    return this.failed;
  }

  private fail(reason: SiteFailure): void {
    this.failed ??= reason;
  }

  private open(qualified: string): void {
    if (this.failed) return;
    const name = qualified.slice(qualified.indexOf(':') + 1);
    if (this.stack.length === 0) {
      if (name !== 'urlset' && name !== 'sitemapindex') {
        this.fail(notSitemap(this.file, l10n.t('its root element is <{0}>, not <urlset> or <sitemapindex>', qualified.slice(0, 40))));
        return;
      }
      this.result.kind = name;
    }
    this.stack.push(name);
    const entry = this.result.kind === 'urlset' ? 'url' : 'sitemap';
    if (name === 'loc' && this.stack.length === 3 && this.stack[1] === entry) this.loc = '';
  }

  private text(text: string): void {
    if (this.loc === undefined) return;
    // Past the limit the value is not kept growing: one long line must not cost its length.
    if (this.loc.length <= MAX_LOC_LENGTH) this.loc += text.slice(0, MAX_LOC_LENGTH + 1 - this.loc.length);
  }

  private close(): void {
    if (this.failed) return;
    this.stack.pop();
    if (this.loc === undefined) return;
    const value = this.loc.trim();
    this.loc = undefined;
    if (value.length > MAX_LOC_LENGTH || !isHttpUrl(value)) {
      this.result.skipped++;
      return;
    }
    if (this.result.locs.length >= this.maxUrls) {
      this.fail(
        failure(
          'too-many-urls',
          this.file,
          l10n.t('{0} lists more than {1} URLs (the sitemap limit); the first {1} were kept.', this.file, this.maxUrls),
        ),
      );
      return;
    }
    this.result.locs.push(value);
  }
}

function notSitemap(file: string, why: string): SiteFailure {
  return failure('not-sitemap', file, l10n.t('{0} is not a sitemap: {1}', file, why.slice(0, 200)));
}

export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  // A line break, tab or other control character (written as `&#10;` in the XML) is no part of a
  // page's address: the URL parser would drop some and the service would store the rest raw.
  if (hasControl(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** The URLs of a sitemap's text (a file the editor has open): page URLs, or child sitemaps of an index. */
export function urlsOfSitemapText(text: string, file = 'sitemap'): ParsedSitemap & { failure?: SiteFailure } {
  const parser = new SitemapParser(file);
  const failed = parser.write(text) ?? parser.end();
  return failed ? { ...parser.result, failure: failed } : parser.result;
}
