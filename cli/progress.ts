// Progress for a person watching: on stderr, only when stderr is a terminal, one line rewritten in
// place and at most a few times a second. stdout carries only the report.
export interface Progress {
  say(text: string): void;
  done(): void;
}

const INTERVAL_MS = 200;

export function terminalProgress(stream: NodeJS.WriteStream): Progress {
  if (!stream.isTTY) return { say: () => undefined, done: () => undefined };
  let last = 0;
  let shown = false;
  return {
    say(text) {
      const now = Date.now();
      if (now - last < INTERVAL_MS) return;
      last = now;
      shown = true;
      stream.write(`\r\x1b[2K${text}`);
    },
    done() {
      if (shown) stream.write('\r\x1b[2K');
      shown = false;
    },
  };
}
