// The client's own ceiling on requests, whatever the service announces: the command line holds
// every request to it, the editor the work it does on its own (a command the user runs is exempt).
// A scan's time estimate counts with it where it holds the creates (the command line).

/** Requests a minute the client starts at most: under the real service's about 60 per key. */
export const CLIENT_REQUESTS_PER_MINUTE = 50;
