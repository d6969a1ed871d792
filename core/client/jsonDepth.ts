// How deep JSON nests, asked of a text before it is parsed (so JSON.parse never builds a value
// nested past a budget) or of a value already parsed. Both never recurse deeper than the budget.

/** Whether a JSON text nests deeper than `max`, by one linear pass (brackets inside strings do not count). */
export function textNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      // A backslash: the escaped character is skipped.
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** Whether a parsed value nests at most `limit` deep (0 for a scalar, 1 for `{}` or `[]`). */
export function nestsWithin(value: unknown, limit: number): boolean {
  if (value === null || typeof value !== 'object') return true;
  if (limit < 1) return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!nestsWithin(value[i], limit - 1)) return false;
    return true;
  }
  for (const key in value) if (!nestsWithin((value as Record<string, unknown>)[key], limit - 1)) return false;
  return true;
}
