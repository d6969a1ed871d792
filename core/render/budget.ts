// One budget for a whole render. The cost of turning a record into markup grows with the record
// (a check value of 150 × 150 × 20 numbers is 450,000 nodes), and caps per list or per level
// multiply instead of limiting. So each top-level renderer makes one RenderBudget and threads it
// through everything it renders: every value, field, list item and check takes one node from it,
// and the markup it produced is charged in characters. When either runs out, what is left is
// counted ("… 12 more not shown") instead of rendered. Pure: no 'vscode'.

import { TrustedHtml } from './html';
import { revealInvisible } from '../text/invisibleText';

/** The most characters one hidden character becomes when made visible (`⟪U+E0041⟫`). */
const MARKER_CHARS = 10;

export interface RenderLimits {
  /** Values, fields, list items and checks rendered at most. */
  readonly nodes: number;
  /** Characters of markup the rendered nodes may produce (the last node may overrun, see SLACK). */
  readonly chars: number;
}

/** The report panel's body: the analysis and every other field. */
export const REPORT_LIMITS: RenderLimits = { nodes: 10_000, chars: 1_000_000 };
/** The account panel's body. */
export const ACCOUNT_LIMITS: RenderLimits = { nodes: 5_000, chars: 500_000 };
/** A part of a budget no single check of the analysis may go beyond, so every check gets a share. */
export const CHECK_SHARE_MIN: RenderLimits = { nodes: 200, chars: 20_000 };

/**
 * How far one render may go past `chars`: nodes are charged when they are finished, so the
 * containers still open when the budget runs out add their closing markup and one "… more"
 * line each, and the last string shown may grow by its escaping (at most 6 × 2,000). Plus the
 * fixed frame of a body (header, toolbar, headings) with its three capped server values (URL,
 * project, result word: at most 6 × 2,000 each once escaped).
 */
export const SLACK_CHARS = 64_000;

export class RenderBudget {
  private nodesLeft: number;
  private charsLeft: number;
  /** Characters charged so far, here and in every share taken from this budget. */
  private charged = 0;
  /** Nodes rendered so far (the tests read it). */
  rendered = 0;

  constructor(
    limits: RenderLimits,
    private readonly parent?: RenderBudget,
  ) {
    this.nodesLeft = limits.nodes;
    this.charsLeft = limits.chars;
  }

  /** True when nothing more may be rendered here (or in the budget this is a share of). */
  get exhausted(): boolean {
    return this.nodesLeft <= 0 || this.charsLeft <= 0 || (this.parent?.exhausted ?? false);
  }

  /** Characters that may still be produced. */
  get chars(): number {
    return Math.max(0, Math.min(this.charsLeft, this.parent?.chars ?? Infinity));
  }

  /** Nodes that may still be rendered. */
  get nodes(): number {
    return Math.max(0, Math.min(this.nodesLeft, this.parent?.nodes ?? Infinity));
  }

  /** A budget of at most `limits` that spends from this one. */
  share(limits: RenderLimits): RenderBudget {
    return new RenderBudget({ nodes: Math.min(limits.nodes, this.nodes), chars: Math.min(limits.chars, this.chars) }, this);
  }

  /**
   * Renders one node when the budget allows, else returns undefined (the caller counts what is
   * left). The node's own markup is charged when it is done: its length less what the nodes
   * inside it were charged already.
   */
  node(render: () => TrustedHtml): TrustedHtml | undefined {
    if (this.exhausted) return undefined;
    this.take(1, 0);
    const before = this.charged;
    const out = render();
    this.take(0, Math.max(0, out.value.length - (this.charged - before)));
    return out;
  }

  /**
   * Text cut to what is left (and to `max`), with "…" where it was cut. Hidden characters are made
   * visible first, so the cut counts their markers (a character may become ten): once escaped, the
   * text is at most six times `max` (`"` → `&quot;`).
   */
  text(value: string, max: number): string {
    const room = Math.max(1, Math.min(max, this.chars));
    const shown = revealInvisible(value.length > room * MARKER_CHARS ? value.slice(0, room * MARKER_CHARS) : value);
    // A text sliced above is longer than `room` once revealed, so it is cut here too.
    return shown.length > room ? `${shown.slice(0, room)}…` : shown;
  }

  private take(nodes: number, chars: number): void {
    this.nodesLeft -= nodes;
    this.charsLeft -= chars;
    this.charged += chars;
    this.rendered += nodes;
    this.parent?.take(nodes, chars);
  }
}
