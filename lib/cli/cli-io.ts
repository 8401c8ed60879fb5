/** Where a command writes: the process's stdout and stderr, or buffers (tests). */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
}
