// Edits of several fixes made one list an editor applies at once: sorted, never overlapping, with
// insertions at one offset joined in the order of their fixes. A fix whose edits would cross an
// edit already taken is left out whole (it is offered again once the others are applied).
import type { TextEdit } from './fixTypes';

/** True when `a` and `b` cannot both be applied: they overlap, or one inserts inside the other. */
function crosses(a: TextEdit, b: TextEdit): boolean {
  if (a.start === a.end && b.start === b.end) return false; // two insertions: joined in order
  if (a.start === a.end) return b.start < a.start && a.start < b.end;
  if (b.start === b.end) return a.start < b.start && b.start < a.end;
  return a.start < b.end && b.start < a.end;
}

export class EditCombiner {
  private readonly taken: { edit: TextEdit; order: number }[] = [];
  private order = 0;

  /** Takes all of `edits`, or none of them when one crosses an edit taken before; says which. */
  add(edits: readonly TextEdit[]): boolean {
    if (edits.some((e) => this.taken.some((t) => crosses(e, t.edit)))) return false;
    for (const edit of edits) this.taken.push({ edit, order: this.order++ });
    return true;
  }

  /** The edits taken: sorted by offset; insertions first at an offset, in the order they were added, then joined. */
  edits(): TextEdit[] {
    const sorted = [...this.taken].sort(
      (a, b) =>
        a.edit.start - b.edit.start || Number(a.edit.start !== a.edit.end) - Number(b.edit.start !== b.edit.end) || a.order - b.order,
    );
    const out: TextEdit[] = [];
    for (const { edit } of sorted) {
      const last = out[out.length - 1];
      if (last && last.start === edit.start && last.start === last.end) {
        out[out.length - 1] = { start: last.start, end: edit.end, newText: last.newText + edit.newText };
      } else {
        out.push({ ...edit });
      }
    }
    return out;
  }
}

/** `text` with `edits` (sorted, not overlapping) applied. */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  let out = '';
  let at = 0;
  for (const edit of edits) {
    out += text.slice(at, edit.start) + edit.newText;
    at = edit.end;
  }
  return out + text.slice(at);
}
