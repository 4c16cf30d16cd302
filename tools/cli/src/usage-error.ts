/** A command line tsctl cannot run: printed with the usage, exit code 2. */
export class UsageError extends Error {}

export interface Flags {
  [name: string]: string | undefined;
}
