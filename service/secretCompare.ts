// Comparing a secret someone sent with the one the service holds (the API key, the control
// token): over fixed-length digests with timingSafeEqual, so neither the time taken nor a length
// check tells a guesser how close they came.
import { createHash, timingSafeEqual } from 'node:crypto';

function digest(s: string): Buffer {
  return createHash('sha256').update(s, 'utf8').digest();
}

/** A comparer for one held secret; its digest is made once. */
export function secretMatcher(held: string): (sent: string) => boolean {
  const heldDigest = digest(held);
  return (sent) => timingSafeEqual(digest(sent), heldDigest);
}

/** Whether `sent` is `held`, in constant time. */
export function sameSecret(sent: string, held: string): boolean {
  return timingSafeEqual(digest(sent), digest(held));
}
