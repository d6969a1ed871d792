// The few file operations the history store needs, injected so tests can fail them on purpose.
// The real ones are in nodeFiles.ts.

export interface FileRead {
  /** The file's identity: a rename over it (a compaction) gives a new one. */
  ino: number;
  /** Its size when read. */
  size: number;
  /** Bytes from `from.offset` when the file is the same one and has not shrunk, else the whole file. */
  bytes: Uint8Array;
  /** Whether `bytes` is the whole file. */
  whole: boolean;
  /** More than `maxBytes` were to be read: nothing was (`bytes` is empty), the file is set aside unread. */
  tooLarge?: boolean;
}

export interface HistoryFiles {
  /** The file's bytes (see FileRead), or undefined when it does not exist; none past `maxBytes`. */
  read(path: string, from?: { ino: number; offset: number }, maxBytes?: number): Promise<FileRead | undefined>;
  /**
   * Appends with O_APPEND in one write, so lines of two processes never interleave. `durable`:
   * on the disk (fdatasync) before it resolves, so it outlives a power cut, not only a killed process.
   */
  append(path: string, text: string, durable?: boolean): Promise<void>;
  writeFile(path: string, text: string): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  mkdir(path: string): Promise<void>;
  /** Removes a file; a missing one is no error. */
  unlink(path: string): Promise<void>;
  /** Creates a file only when none exists: true when created (the lock), false when it existed. */
  createExclusive(path: string, text: string): Promise<boolean>;
  /** Age of a file in milliseconds, or undefined when it does not exist. */
  age(path: string): Promise<number | undefined>;
  readText(path: string): Promise<string | undefined>;
  list(dir: string): Promise<string[]>;
}
