/** The secret of a share link is a credential: a path that carries one is logged and traced without it. */
export function loggablePath(path: string): string {
  return path.replace(/^\/s\/[^/]+/, '/s/{token}');
}
