// Hashes of text (SARIF fingerprints, shards, history keys, lock markers) and random hex (temporary
// names, lock tokens), with node:crypto loaded at the first use rather than with the modules that
// import these: it costs a few ms of every command-line start, and most runs hash nothing.
import type * as Crypto from 'node:crypto';

let crypto: typeof Crypto | undefined;

function loaded(): typeof Crypto {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded when first needed
  crypto ??= require('node:crypto') as typeof Crypto;
  return crypto;
}

/** The digest of `text` (UTF-8) with `algorithm`. */
export function digestOf(algorithm: 'sha1' | 'sha256', text: string): Buffer {
  return loaded().createHash(algorithm).update(text).digest();
}

/** `bytes` random bytes as hex (not guessable). */
export function randomHex(bytes: number): string {
  return loaded().randomBytes(bytes).toString('hex');
}
