// How two URLs are "the same page" for the lookup of its latest report, the way the service
// compares them. The rule:
//   - scheme and host are compared in lower case (they are case-insensitive; the path is not);
//   - the scheme's default port is dropped (`https://a.test:443/` = `https://a.test/`);
//   - a trailing slash of the path is ignored (`/docs/` = `/docs`, and `https://a.test/` =
//     `https://a.test`);
//   - the fragment is dropped (it never reaches the server);
//   - the query is kept as written (order and case matter to many sites).
// http and https stay different pages: a site's http and https versions rate differently.

/** The comparison key of a URL, or undefined when it is not an absolute http(s) URL. */
export function urlKey(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return undefined;
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || !parsed.hostname) return undefined;
  // URL already lower-cases the scheme and host and drops the default port.
  const path = parsed.pathname.replace(/\/+$/, '');
  return `${parsed.protocol}//${parsed.host}${path}${parsed.search}`;
}

/** The host name (lower case, no port) of an http(s) URL, or undefined. */
export function hostOf(url: string): string | undefined {
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.hostname || undefined : undefined;
  } catch {
    return undefined;
  }
}
