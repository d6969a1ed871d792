// The http(s) URLs written in a workspace's files: per file its occurrences (line and column), and
// per URL (compared by urlKey: the same page however it is spelled) every place it is written.
// A file is replaced whole when it changes, so an edit costs the size of that one file, never a
// rescan. Bounded: files indexed (here), bytes read per file, URLs per file and distinct URLs (the
// budgets of URLs written in files, urlsInFiles.ts, shared with the command line); what is past
// them is counted and said, never silently lost.
import { urlKey } from './urlKey';
import { MAX_DISTINCT_URLS, MAX_FILE_BYTES, Occurrence, textOfBytes, urlsInFile } from './urlsInFiles';

/** Files indexed at most; more are counted as skipped. */
export const MAX_INDEXED_FILES = 20_000;

export interface IndexedUrl {
  /** The URL as first written (in the first file, by name, that holds it). */
  url: string;
  key: string;
  occurrences: Occurrence[];
}

export interface IndexNotes {
  /** Files not indexed and why (size, binary, over the file budget). */
  skipped: Map<string, string>;
  /** Occurrences past a per-file or distinct-URL budget. */
  droppedOccurrences: number;
}

export class WorkspaceUrlIndex {
  private readonly files = new Map<string, { key: string; url: string; at: Occurrence }[]>();
  private readonly byKey = new Map<string, { url: string; places: Map<string, Occurrence[]> }>();
  readonly notes: IndexNotes = { skipped: new Map(), droppedOccurrences: 0 };
  private readonly droppedIn = new Map<string, number>();
  /** Keys whose places changed since takeChanged() was last called. */
  private changed = new Set<string>();

  /** Files indexed now. */
  get fileCount(): number {
    return this.files.size;
  }

  /** Distinct URLs now. */
  get urlCount(): number {
    return this.byKey.size;
  }

  /** Indexes (or re-indexes) a file from its text, only the URLs `keep` accepts (the config's ignoreUrls are left out); true when the file is indexed. */
  setText(file: string, text: string, keep?: (url: string) => boolean): boolean {
    if (!this.files.has(file) && this.files.size >= MAX_INDEXED_FILES) {
      this.skip(file, `more than ${MAX_INDEXED_FILES} files`); // l10n-exempt: a note for the log
      return false;
    }
    this.remove(file);
    this.notes.skipped.delete(file);
    const { found, dropped } = urlsInFile(file, text);
    const kept: { key: string; url: string; at: Occurrence }[] = [];
    let droppedHere = dropped;
    for (const { url, at } of found) {
      const key = urlKey(url);
      if (key === undefined || (keep && !keep(url))) continue;
      let entry = this.byKey.get(key);
      if (!entry) {
        if (this.byKey.size >= MAX_DISTINCT_URLS) {
          droppedHere++;
          continue;
        }
        entry = { url, places: new Map() };
        this.byKey.set(key, entry);
      }
      let places = entry.places.get(file);
      if (!places) entry.places.set(file, (places = []));
      places.push(at);
      kept.push({ key, url, at });
      this.changed.add(key);
    }
    this.files.set(file, kept);
    if (droppedHere > 0) {
      this.droppedIn.set(file, droppedHere);
      this.notes.droppedOccurrences += droppedHere;
    }
    return true;
  }

  /** Indexes a file from its bytes: skipped (with a note) when it is too large or binary. */
  setBytes(file: string, bytes: Uint8Array, keep?: (url: string) => boolean): boolean {
    if (bytes.length > MAX_FILE_BYTES) {
      this.remove(file);
      this.skip(file, `larger than ${MAX_FILE_BYTES} bytes`); // l10n-exempt: a note for the log
      return false;
    }
    // The command line's reader of a file's bytes (UTF-8, or UTF-16 by its byte-order mark): the
    // editor and `check` find the same URLs in the same files.
    const text = textOfBytes(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    if (text === undefined) {
      this.remove(file);
      this.skip(file, 'binary'); // l10n-exempt: a note for the log
      return false;
    }
    return this.setText(file, text, keep);
  }

  /** Forgets a file (deleted, or excluded now). */
  remove(file: string): void {
    const old = this.files.get(file);
    this.notes.skipped.delete(file);
    const dropped = this.droppedIn.get(file);
    if (dropped) {
      this.notes.droppedOccurrences -= dropped;
      this.droppedIn.delete(file);
    }
    if (!old) return;
    this.files.delete(file);
    for (const { key } of old) {
      this.changed.add(key);
      const entry = this.byKey.get(key);
      if (!entry) continue;
      entry.places.delete(file);
      if (entry.places.size === 0) this.byKey.delete(key);
    }
  }

  /** The files indexed. */
  fileNames(): string[] {
    return [...this.files.keys()];
  }

  /** Whether a file is indexed. */
  has(file: string): boolean {
    return this.files.has(file);
  }

  /** Every distinct URL with its places, files in name order, places in line order. */
  urls(): IndexedUrl[] {
    const out: IndexedUrl[] = [];
    for (const key of this.byKey.keys()) {
      const url = this.url(key);
      if (url) out.push(url);
    }
    return out.sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  }

  /** One URL with its places (undefined when it is written nowhere now). */
  url(key: string): IndexedUrl | undefined {
    const entry = this.byKey.get(key);
    if (!entry) return undefined;
    const files = [...entry.places.keys()].sort();
    return { url: entry.url, key, occurrences: files.flatMap((file) => entry.places.get(file) ?? []) };
  }

  /** Every URL key now. */
  keys(): string[] {
    return [...this.byKey.keys()];
  }

  /** The keys whose places changed (added, moved, gone) since the last call; an edit costs only these. */
  takeChanged(): string[] {
    const keys = [...this.changed];
    this.changed = new Set();
    return keys;
  }

  /** The URLs written in one file. */
  urlsIn(file: string): string[] {
    return [...new Set((this.files.get(file) ?? []).map((o) => o.url))];
  }

  clear(): void {
    for (const key of this.byKey.keys()) this.changed.add(key);
    this.files.clear();
    this.byKey.clear();
    this.droppedIn.clear();
    this.notes.skipped.clear();
    this.notes.droppedOccurrences = 0;
  }

  private skip(file: string, why: string): void {
    this.notes.skipped.set(file, why);
  }
}
