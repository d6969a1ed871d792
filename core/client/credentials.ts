// A URL with a user name or password (`https://deploy:pw@host/`) is never sent to the service to
// be rated: the report would publish the credentials. Said without them.

/** Whether `url` is an http(s) URL with a user name or password. */
export function hasCredentials(url: string): boolean {
  try {
    const parsed = new URL(url.trim());
    return parsed.username !== '' || parsed.password !== '';
  } catch {
    return false;
  }
}

/** The URL with its user name and password replaced by "…", to be shown. */
export function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url.trim());
    if (parsed.username === '' && parsed.password === '') return url;
    return `${parsed.protocol}//…@${parsed.host}${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return url;
  }
}
