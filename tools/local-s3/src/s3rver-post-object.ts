// POST Object (browser-based uploads) as S3 answers it (fix 6): s3rver stores any form without
// looking at its policy. This checks the SigV4 signature over the policy, its expiration and
// conditions (post-policy.ts), streams the file into the store within content-length-range
// (nothing is stored when it is outside), and answers as S3 does (204, or 200/201 when
// success_action_status asks, or a 303 to success_action_redirect).
import { Transform } from 'node:stream';
import busboy from 'busboy';
// Loads s3rver's controllers: the request fixes must be in place first.
import './s3rver-requests.ts';
import { checkPostForm, type LengthRange, outOfRange, type PostFields } from './post-policy.ts';
import { DUMMY_ACCOUNT, requireS3rver, S3Error, type RouteContext } from './s3rver-internals.ts';

interface PostContext extends RouteContext {
  is(type: string): string | false | null;
  set(name: string, value: string): void;
  etag: string;
}

const objectCtrl = requireS3rver('@20minutes/s3rver/lib/controllers/object') as {
  postObject: (ctx: PostContext) => Promise<void>;
};
const S3Object = requireS3rver('@20minutes/s3rver/lib/models/object') as new (
  bucket: string,
  key: string,
  content: unknown,
  metadata: Record<string, string>,
) => unknown;

/** Counts the file's bytes; fails as S3 does as soon as it leaves the range (or ends short of it). */
function rangeGuard(range: LengthRange | undefined): Transform {
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (range && size > range.max) done(outOfRange(size, range));
      else done(null, chunk);
    },
    flush(done) {
      done(range && size < range.min ? outOfRange(size, range) : null);
    },
  });
}

interface Received {
  fields: PostFields;
  /** Settles once the file is stored or refused; undefined when the form had no file. */
  stored: Promise<{ key: string; md5: string }> | undefined;
}

/** Reads the form: the fields before the file, then the file streamed into the store once they pass. */
function receive(ctx: PostContext): Promise<Received> {
  return new Promise((resolve, reject) => {
    const fields: PostFields = new Map();
    let stored: Received['stored'];
    const form = busboy({ headers: ctx.headers });
    form.on('field', (name, value) => {
      if (!stored) fields.set(name.toLowerCase(), value);
    });
    form.on('file', (name, file) => {
      if (name.toLowerCase() !== 'file' || stored) return file.resume();
      stored = (async () => {
        const { key, range } = checkPostForm(fields, ctx.params.bucket, new Date(), (id) =>
          DUMMY_ACCOUNT.accessKeys.get(id),
        );
        const guard = rangeGuard(range);
        // A refused file is still read to its end, so the client gets the answer, not a reset.
        guard.on('error', () => file.resume());
        file.pipe(guard);
        const { md5 } = await ctx.store.putObject(
          new S3Object(ctx.params.bucket, key, guard, Object.fromEntries(fields)),
        );
        return { key, md5 };
      })();
      // Settled (and awaited) below, once the whole body is read.
      stored.catch(() => file.resume());
    });
    form.once('error', () =>
      reject(
        new S3Error('MalformedPOSTRequest', 'The body of your POST request is not well-formed multipart/form-data.'),
      ),
    );
    form.once('close', () => resolve({ fields, stored }));
    ctx.req.pipe(form);
  });
}

function answer(ctx: PostContext, fields: PostFields, key: string, md5: string): void {
  ctx.etag = md5;
  const location = new URL(`${ctx.params.bucket}/${key}`, `http://${ctx.headers.host ?? 'localhost'}/`).href;
  const redirect = fields.get('success_action_redirect') ?? fields.get('redirect');
  if (redirect) {
    const to = new URL(redirect);
    to.searchParams.append('bucket', ctx.params.bucket);
    to.searchParams.append('key', key);
    to.searchParams.append('etag', JSON.stringify(md5));
    ctx.status = 303;
    ctx.set('Location', to.href);
    return;
  }
  const status = Number(fields.get('success_action_status'));
  ctx.status = status === 200 || status === 201 ? status : 204;
  ctx.set('Location', location);
  ctx.body =
    ctx.status === 201
      ? { PostResponse: { Location: location, Bucket: ctx.params.bucket, Key: key, ETag: JSON.stringify(md5) } }
      : '';
}

/**
 * POST Object
 * {@link https://docs.aws.amazon.com/AmazonS3/latest/API/RESTObjectPOST.html}
 */
objectCtrl.postObject = async function postObject(ctx: PostContext): Promise<void> {
  if (!ctx.is('multipart/form-data')) {
    throw new S3Error('PreconditionFailed', 'At least one of the pre-conditions you specified did not hold', {
      Condition: 'Bucket POST must be of the enclosure-type multipart/form-data',
    });
  }
  const { fields, stored } = await receive(ctx);
  if (!stored) {
    throw new S3Error('IncorrectNumberOfFilesInPostRequest', 'POST requires exactly one file upload per request.');
  }
  const { key, md5 } = await stored;
  answer(ctx, fields, key, md5);
};
