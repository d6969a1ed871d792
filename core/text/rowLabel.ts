// The label of a row that stands for a page, in the reports tree and in URLs in Workspace alike:
// the score first (what a person scans for), then the URL shortened in the middle, made plain.
import { roundedScore } from '../checks/rating';
import { plainText } from './plainText';
import { shortUrl } from './shortUrl';

export function scoredRowLabel(url: string, score: number | undefined): string {
  const shown = plainText(shortUrl(url));
  return score === undefined ? shown : `${roundedScore(score)} · ${shown}`;
}
