// Finds user-facing words in TypeScript sources that bypass localisation (docs/LOCALISATION.md):
// string and template literals with words that are not the message of a `t(...)` call, not a
// log line, not a module path or a literal type, and not marked `// l10n-exempt: <why>`.
// Used by test/unit/l10n and, from the command line, to list what is left:
//   node out/scripts/l10n/literals.js extension/reports extension/account
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';

export interface Finding {
  file: string;
  line: number;
  text: string;
}

/** Words a person reads: two words in a row, or one capitalised word ("Refresh", "Cancel"). */
const TWO_WORDS = /[A-Za-z][a-z']+[,.:;!?]?\s+[A-Za-z][a-z']*/;
const CAPITALISED_WORD = /^[A-Z][a-z]{2,}[.!?…:]?$/;
/** Text an HTML template shows: text between tags, and the attributes a person reads or hears. */
const HTML_TEXT = /<[^>]*>/g;
const READ_ATTRIBUTES = /\b(?:title|aria-label|alt|placeholder)="([^"$]*)"/g;
const LOG_METHODS = new Set(['trace', 'debug', 'info', 'warn', 'error', 'appendLine', 'log']);
const EXEMPT = 'l10n-exempt';

export function hasWords(text: string): boolean {
  if (text.includes('<')) {
    const attributes = [...text.matchAll(READ_ATTRIBUTES)].map((match) => match[1]);
    const shown = text.replace(HTML_TEXT, '\n').split('\n').concat(attributes);
    return shown.some((part) => wordy(part.trim()));
  }
  return wordy(text.trim());
}

function wordy(text: string): boolean {
  if (text === '' || /^[\w.-]+\/[\w./-]*$/.test(text)) return false;
  return TWO_WORDS.test(text) || CAPITALISED_WORD.test(text);
}

/**
 * A whole file deliberately not localised: `// l10n-exempt-file: <why>` among its first lines
 * (the agent tools' answers, read by a language model, are in English whatever the display language).
 */
const EXEMPT_FILE = /^\/\/ l10n-exempt-file: \S/m;

export function findInSource(file: string, source: string): Finding[] {
  if (EXEMPT_FILE.test(source.split('\n', 12).join('\n'))) return [];
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const lines = source.split('\n');
  const findings: Finding[] = [];
  const visit = (node: ts.Node): void => {
    if (skipped(node)) return;
    const text = literalText(node);
    if (text !== undefined && hasWords(text) && !exempt(node, sf, lines)) {
      findings.push({ file, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, text: text.slice(0, 80) });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return findings;
}

function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) return node.text;
  return undefined;
}

/** Subtrees whose literals are not shown to a person, or already localised. */
function skipped(node: ts.Node): boolean {
  if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isLiteralTypeNode(node)) return true;
  if (ts.isTypeAliasDeclaration(node) || ts.isInterfaceDeclaration(node)) return true;
  if (ts.isExternalModuleReference(node)) return true;
  if (node.parent && ts.isPropertyAssignment(node.parent) && node.parent.name === node) return true;
  if (ts.isCallExpression(node)) return isTranslation(node.expression) || isLogCall(node.expression) || isRequire(node.expression);
  return false;
}

function isTranslation(callee: ts.Expression): boolean {
  return (ts.isIdentifier(callee) && callee.text === 't') || (ts.isPropertyAccessExpression(callee) && callee.name.text === 't');
}

function isLogCall(callee: ts.Expression): boolean {
  if (ts.isIdentifier(callee)) return callee.text === 'log';
  if (!ts.isPropertyAccessExpression(callee)) return false;
  if (ts.isIdentifier(callee.expression) && callee.expression.text === 'console') return true;
  return LOG_METHODS.has(callee.name.text) && /log|channel|output/i.test(callee.expression.getText());
}

function isRequire(callee: ts.Expression): boolean {
  return ts.isIdentifier(callee) && callee.text === 'require';
}

/** `// l10n-exempt: why` on the literal's line, the line above it, or above its statement. */
function exempt(node: ts.Node, sf: ts.SourceFile, lines: string[]): boolean {
  const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
  if (lines[line]?.includes(EXEMPT) || lines[line - 1]?.includes(EXEMPT)) return true;
  for (let at: ts.Node = node; at && at !== sf; at = at.parent) {
    const comments = ts.getLeadingCommentRanges(sf.text, at.getFullStart()) ?? [];
    if (comments.some((range) => sf.text.slice(range.pos, range.end).includes(EXEMPT))) return true;
    if (ts.isPropertyAssignment(at) && comments.length) break;
    if (ts.isStatement(at) || ts.isClassElement(at)) break;
  }
  return false;
}

export function sourceFiles(root: string): string[] {
  if (fs.statSync(root).isFile()) return [root];
  return fs
    .readdirSync(root, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(root, entry.name);
      if (entry.isDirectory()) return sourceFiles(full);
      return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [full] : [];
    })
    .sort();
}

export function findInTree(root: string): Finding[] {
  return sourceFiles(root).flatMap((file) => findInSource(file, fs.readFileSync(file, 'utf8')));
}

if (require.main === module) {
  const roots = process.argv.slice(2);
  const findings = (roots.length ? roots : ['extension', 'core']).flatMap(findInTree);
  for (const finding of findings) console.log(`${finding.file}:${finding.line}: ${JSON.stringify(finding.text)}`);
  console.log(`${findings.length} literal(s) with words outside localisation`);
  process.exitCode = findings.length ? 1 : 0;
}
