// A fake OpenAI-compatible provider on loopback (the one third party of the managed-AI tests). It
// speaks the contract's wire protocol: JSON bodies with `usage`, server-sent events (`data: …`,
// a usage chunk when asked, `data: [DONE]`), and error bodies `{"error":{message,type,param,code}}`.
// It records every request, so a test can see what reached it (never the user's token).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the next answers behave (set with `fake.behave`, reset with `fake.reset`). */
export interface FakeBehaviour {
  /** Answer this status with the contract's error body. */
  errorStatus?: number;
  /** Never answer (the caller's timeout fires). */
  hang?: boolean;
  /** Leave `usage` out of every answer (the proxy has to count). */
  omitUsage?: boolean;
  /** Streams: put the usage in the last chunk with choices, never in a chunk of its own. */
  usageInLastChunk?: boolean;
  /** Streams: after the first chunk, wait for this before sending the rest. */
  holdAfterFirstChunk?: Promise<void>;
  /** Chat answers (not streamed): the assistant message's content for this request body, instead of the fixed words. */
  chatContent?: (body: Record<string, unknown>) => string;
}

export interface FakeRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}

export interface FakeOpenAi {
  /** Base URL ending in /v1, as AI_UPSTREAM_URL takes it. */
  url: string;
  requests: FakeRequest[];
  behave(behaviour: FakeBehaviour): void;
  reset(): void;
  /** Resolves when a streamed answer's connection closed before the stream ended. */
  streamAborted(): Promise<void>;
  /** The text every chat answer carries, split in these stream chunks. */
  readonly words: readonly string[];
  /** The usage it reports for a chat completion. */
  readonly chatUsage: { prompt_tokens: number; completion_tokens: number };
  stop(): Promise<void>;
}

const WORDS = ['Hello', ' from', ' the', ' fake', ' upstream', '.'] as const;
const CHAT_USAGE = { prompt_tokens: 17, completion_tokens: 6 };
const sse = (res: ServerResponse, data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);

function chatChunk(model: string, choices: unknown[], usage?: unknown) {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created: 1,
    model,
    choices,
    ...(usage ? { usage } : {}),
  };
}

async function streamChat(req: FakeRequest, res: ServerResponse, b: FakeBehaviour) {
  const model = String(req.body.model);
  const wantsUsage = (req.body.stream_options as { include_usage?: boolean } | undefined)?.include_usage === true;
  const usage = b.omitUsage ? undefined : { ...CHAT_USAGE, total_tokens: 23 };
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const [index, word] of WORDS.entries()) {
    const last = index === WORDS.length - 1;
    const choice = { index: 0, delta: { content: word }, finish_reason: last ? 'stop' : null };
    sse(res, chatChunk(model, [choice], last && b.usageInLastChunk ? usage : undefined));
    if (index === 0 && b.holdAfterFirstChunk) await b.holdAfterFirstChunk;
    if (res.destroyed) return;
  }
  if (wantsUsage && usage && !b.usageInLastChunk) sse(res, chatChunk(model, [], usage));
  res.end('data: [DONE]\n\n');
}

function chatAnswer(req: FakeRequest, b: FakeBehaviour) {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: 1,
    model: req.body.model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: b.chatContent?.(req.body) ?? WORDS.join('') },
        finish_reason: 'stop',
      },
    ],
    ...(b.omitUsage ? {} : { usage: { ...CHAT_USAGE, total_tokens: 23 } }),
  };
}

function otherAnswer(req: FakeRequest, b: FakeBehaviour): unknown {
  const usage = (value: unknown) => (b.omitUsage ? {} : { usage: value });
  if (req.path === '/v1/embeddings')
    return {
      object: 'list',
      model: req.body.model,
      data: [{ object: 'embedding', index: 0, embedding: [0.1, -0.2, 0.3] }],
      ...usage({ prompt_tokens: 5, total_tokens: 5 }),
    };
  if (req.path === '/v1/images/generations')
    return {
      created: 1,
      data: [{ b64_json: 'iVBORw0KGgo=' }],
      ...usage({ input_tokens: 9, output_tokens: 1056, total_tokens: 1065 }),
    };
  return {
    id: 'resp_fake',
    object: 'response',
    model: req.body.model,
    status: 'completed',
    output: [{ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: WORDS.join('') }] }],
    ...usage({ input_tokens: 11, output_tokens: 6, total_tokens: 17 }),
  };
}

async function streamResponses(req: FakeRequest, res: ServerResponse, b: FakeBehaviour) {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const event = (type: string, data: object) =>
    res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  const answer = otherAnswer(req, b) as Record<string, unknown>;
  event('response.created', { response: { ...answer, status: 'in_progress', output: [] } });
  for (const word of WORDS)
    event('response.output_text.delta', { item_id: 'msg_1', output_index: 0, content_index: 0, delta: word });
  event('response.completed', { response: answer });
  res.end();
}

async function read(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
}

/** Starts the fake provider on 127.0.0.1 (a free port). */
export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const requests: FakeRequest[] = [];
  let behaviour: FakeBehaviour = {};
  let aborted = Promise.withResolvers<void>();
  const server = createServer(async (incoming, res) => {
    const req: FakeRequest = { path: incoming.url ?? '', headers: incoming.headers, body: await read(incoming) };
    requests.push(req);
    const b = behaviour;
    if (b.hang) return;
    if (b.errorStatus) {
      const error = {
        message: `fake upstream failure ${b.errorStatus}`,
        type: 'server_error',
        param: null,
        code: null,
      };
      res.writeHead(b.errorStatus, { 'content-type': 'application/json' }).end(JSON.stringify({ error }));
      return;
    }
    res.once('close', () => {
      if (!res.writableFinished) aborted.resolve();
    });
    if (req.body.stream === true && req.path === '/v1/chat/completions') return streamChat(req, res, b);
    if (req.body.stream === true && req.path === '/v1/responses') return streamResponses(req, res, b);
    const answer = req.path === '/v1/chat/completions' ? chatAnswer(req, b) : otherAnswer(req, b);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    words: WORDS,
    chatUsage: CHAT_USAGE,
    behave: (next) => {
      behaviour = next;
    },
    reset: () => {
      behaviour = {};
      aborted = Promise.withResolvers<void>();
    },
    streamAborted: () => aborted.promise,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
