// Every string in a report may come from a file or the service: it is made safe for the format
// it goes into, and never breaks a line of a line-based format. What a person reads (text, the
// terminal, Markdown, the messages of SARIF, JUnit and Code Quality) also shows each character that
// hides or reorders text as a visible marker, as the editor does (core/text/invisibleText.ts):
// `https://bank.example/\u202Egpj.exe` would read "…exe.jpg". JSON keeps values as sent (data).
// One line and Markdown are the editor's too: core/text/oneLine.ts and core/text/markdownText.ts.
import { revealInvisible } from '../../core/text/invisibleText';

/** Text for XML content and attribute values; characters XML 1.0 forbids are dropped. */
export function xml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

/** Text for a terminal: control characters (escape sequences included) become spaces, hidden characters markers; line breaks stay. */
export function terminalText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return revealInvisible(text.replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, ' '));
}
