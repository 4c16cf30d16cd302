// Signed URLs and share links with one thing changed: each must be refused where the original works.

/** Flips one character of a base64url or hex secret to another of the same alphabet. */
export const flip = (text: string, at = 0) => text.slice(0, at) + (text[at] === 'a' ? 'b' : 'a') + text.slice(at + 1);

/** A presigned S3 URL with each signed part changed in turn (SigV4 query parameters, the key). */
export function tamperedSignedUrls(
  signed: string,
  otherUserId: string,
  userId: string,
): { what: string; url: string }[] {
  const variants: { what: string; url: string }[] = [];
  const change = (what: string, edit: (url: URL) => void) => {
    const url = new URL(signed);
    edit(url);
    variants.push({ what, url: url.toString() });
  };
  const param = (name: string, edit: (value: string) => string) => (url: URL) =>
    url.searchParams.set(name, edit(url.searchParams.get(name) ?? ''));
  change(
    'the signature',
    param('X-Amz-Signature', (v) => flip(v)),
  );
  change(
    'the signature cut short',
    param('X-Amz-Signature', (v) => v.slice(0, -1)),
  );
  change('no signature', (url) => url.searchParams.delete('X-Amz-Signature'));
  change(
    'a longer lifetime',
    param('X-Amz-Expires', () => '604800'),
  );
  change(
    'an earlier signing time',
    param('X-Amz-Date', (v) => v.replace(/^\d{4}/, (y) => String(Number(y) - 1))),
  );
  change(
    'the access key',
    param('X-Amz-Credential', (v) => flip(v)),
  );
  change(
    'the signed headers',
    param('X-Amz-SignedHeaders', (v) => `${v};x-amz-acl`),
  );
  change('another key of the bucket', (url) => {
    url.pathname = `${url.pathname}x`;
  });
  change("another user's prefix", (url) => {
    url.pathname = url.pathname.replace(userId, otherUserId);
  });
  return variants;
}

/** A share link's secret changed in the ways a guess or a typo would change it. */
export function tamperedShareTokens(token: string): string[] {
  return [
    flip(token),
    flip(token, token.length - 1),
    token.slice(0, -1),
    `${token}A`,
    token.toUpperCase(),
    token.toLowerCase(),
    ` ${token}`,
    token.slice(0, 8),
    'x'.repeat(token.length),
  ].filter((t) => t !== token);
}
