import type { Method, PathsWith, RequestInit, ResponseOf, Send } from './types.ts';

type Gettable = PathsWith<'get'>;
type PageOf<P extends Gettable> = ResponseOf<P, 'get'>;
type ArrayItem<T> = T extends readonly (infer I)[] ? I : never;
/** A page by offset: `{ offset, limit, <items>: [] , … }` (GET /api/v1/jobs/queue). */
type OffsetPage = { offset: number; limit: number };

/** The GET operations answering a list: an array, or a page by offset. */
export type ListPath = {
  [P in Gettable]: PageOf<P> extends readonly unknown[] ? P : PageOf<P> extends OffsetPage ? P : never;
}[Gettable];
/** What iterating a list yields: the array's items, or those of the offset page's array. */
export type ItemOf<P extends ListPath> =
  PageOf<P> extends readonly unknown[] ? ArrayItem<PageOf<P>> : ArrayItems<PageOf<P>>;
type ArrayItems<T> = { [K in keyof T]: ArrayItem<T[K]> }[keyof T];

interface Page {
  items: unknown[];
  /** The query that asks for the next page, or null after the last. */
  next: Record<string, unknown> | null;
}

/**
 * The items of a list, page after page. A list whose body carries `next_cursor` (and `has_more`) is
 * followed by `cursor`; an offset page (`offset`, `limit`) by `offset` until a short page; any other
 * list is one page (today's lists answer up to `limit` items, at most 200).
 */
export async function* paginate<P extends ListPath>(
  send: Send,
  path: P,
  init?: RequestInit<P, 'get'>,
): AsyncGenerator<ItemOf<P>, void, undefined> {
  const base = (init ?? {}) as { params?: { query?: Record<string, unknown> } };
  let query: Record<string, unknown> = { ...base.params?.query };
  for (;;) {
    const { body } = await send('get' satisfies Method, path, { ...base, params: { ...base.params, query } });
    const page = pageOf(body, query);
    yield* page.items as ItemOf<P>[];
    if (page.next === null) return;
    query = page.next;
  }
}

function pageOf(body: unknown, query: Record<string, unknown>): Page {
  const {
    data,
    next_cursor: cursor,
    has_more: hasMore,
  } = body as { data: unknown; next_cursor?: unknown; has_more?: unknown };
  if (Array.isArray(data)) {
    const more = typeof cursor === 'string' && cursor !== '' && hasMore !== false && data.length > 0;
    return { items: data, next: more ? { ...query, cursor } : null };
  }
  const page = data as Record<string, unknown>;
  const items = Object.values(page).find(Array.isArray) ?? [];
  const { offset, limit } = page as OffsetPage;
  const full = typeof offset === 'number' && typeof limit === 'number' && items.length > 0 && items.length >= limit;
  return { items, next: full ? { ...query, offset: offset + items.length } : null };
}
