// Where in a page's text a check's failure sits: offsets of the element's start tag (the <img>
// without alt, the <html> without lang, the <a target=_blank> without rel…), of a whole short
// element (<title>, <h1>), or of a word in the text (a plain-text e-mail). Offsets index the
// string given to the analysis (UTF-16 code units, as JavaScript and VS Code count).
// Types only: the command line's main thread reads isEmailWord's module without loading the parser.
import type { HTMLElement, Node } from 'node-html-parser';
import { TEXT_NODE } from './nodeTypes';

export interface Place {
  start: number;
  end: number;
}

export type Places = Record<string, Place[]>;

/** Places kept per check: the first ones in the text (the checks' own lists keep 100 too). */
export const MAX_PLACES_PER_CHECK = 100;

// Anchored and applied per word: an unanchored search is quadratic on long runs of letters.
const EMAIL = /^[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9.-]{1,253}\.[A-Za-z]{2,}$/;

/** Whether one word of the page's text is an e-mail address (the plaintext_email check). */
export function isEmailWord(w: string): boolean {
  return w.includes('@') && EMAIL.test(w);
}

/** The place lists of one reading, each cut at MAX_PLACES_PER_CHECK. */
export class PlaceLists {
  readonly lists: Places = {};

  constructor(private readonly html: string) {}

  add(key: string, start: number, end: number): void {
    const list = (this.lists[key] ??= []);
    if (list.length < MAX_PLACES_PER_CHECK && start >= 0 && end >= start) list.push({ start, end });
  }

  /** The element's start tag, `<a href=… target=_blank>`. */
  tag(key: string, el: HTMLElement): void {
    if ((this.lists[key]?.length ?? 0) >= MAX_PLACES_PER_CHECK) return; // the scan below is not free
    const [start, end] = el.range;
    this.add(key, start, startTagEnd(this.html, start, Math.min(el.childNodes[0]?.range[0] ?? end, end)));
  }

  /** The whole element, `<title>…</title>`. */
  whole(key: string, el: HTMLElement): void {
    this.add(key, el.range[0], el.range[1]);
  }
}

/**
 * The end of the start tag that begins at `start`: the first `>` outside quotes, looked for only
 * up to `limit` (the element's first child or its end), so the scans of all places of a check
 * together read each character of the page at most once.
 */
export function startTagEnd(html: string, start: number, limit: number): number {
  let quote = '';
  const stop = Math.min(limit, html.length);
  for (let i = start + 1; i < stop; i++) {
    const c = html[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') return i + 1;
  }
  return stop;
}

/** The e-mail addresses in the text under `body`, found word by word as the check finds them. */
export function emailPlaces(body: Node, places: PlaceLists): void {
  const stack: Node[] = [body];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeType === TEXT_NODE) {
      if (!node.rawText.includes('@')) continue;
      for (const m of node.rawText.matchAll(/\S+/g)) {
        const word = m[0].replace(/[.,;:!?)]+$/, '');
        if (isEmailWord(word)) places.add('plaintext_email', node.range[0] + m.index, node.range[0] + m.index + word.length);
      }
      continue;
    }
    for (let i = node.childNodes.length - 1; i >= 0; i--) stack.push(node.childNodes[i]);
  }
}
