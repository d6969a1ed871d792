// The shapes of a quick fix: what the caller says about a file and a finding, and the edits that
// fix it. Offsets are UTF-16 code units into the text, as JavaScript strings count them (an editor
// turns them into positions with its own document).

/** How a source file is written: its kind decides where an edit goes. */
export type SourceKind = 'html' | 'html-template' | 'markdown-yaml' | 'markdown-toml';

/** A range of the text, `start` inclusive, `end` exclusive. */
export interface TextRange {
  start: number;
  end: number;
}

/** Replace `start`–`end` with `newText` (an insertion when they are equal). */
export interface TextEdit extends TextRange {
  newText: string;
}

/** Replace `start`–`end` with a VS Code snippet (`${1}` tab stops; `$`, `}` and `\` escaped). */
export interface SnippetEdit extends TextRange {
  snippet: string;
}

export interface Fix {
  /** the check's key as the service names it, e.g. `meta_viewport` */
  check: string;
  /** what the fix does, for a person (a code action's title) */
  title: string;
  /** true: applied as it is (and by "fix all"); false: a snippet the person completes */
  deterministic: boolean;
  /** the edits of a deterministic fix, sorted, never overlapping; empty for a snippet fix */
  edits: TextEdit[];
  snippet?: SnippetEdit;
  /** what the check wants, for a person (the limits of a title, what is left to do by hand) */
  hint?: string;
}

/** A fix, or why there is none (the file changed, the element is not found, a JSX-like template…). */
export type FixAnswer = { fix: Fix; reason?: undefined } | { fix?: undefined; reason: string };

/** A finding as the checks report it. */
export interface FixFinding {
  /** the check's key as the service names it (service/checksPage.ts, checksTechnical.ts) */
  check: string;
  /**
   * Where known, the offsets of the elements the check points at, into the text the finding was
   * made on (`FixSource.madeOn`). Without them the elements are found in the text (bounded).
   */
  places?: readonly TextRange[];
}

export interface FixSource {
  /** the file's text now */
  text: string;
  kind: SourceKind;
  /**
   * The text the finding was made on. The fix is refused when the text at the finding's places
   * (without places: the whole text) differs now. Undefined: the finding was made on `text`.
   */
  madeOn?: string;
}

export interface FixOptions {
  /** the config's `"lang"` (used when it is a valid language tag) */
  configLang?: string;
  /** the language most pages of the site declare, when the caller knows it */
  siteLang?: string;
  /** the page's URL, to tell links to other origins from the page's own */
  pageUrl?: string;
}
