import type { CallOptions } from '@tp/grpc';
import type { JobsClient } from '../../clients.ts';

/**
 * The job grant of a running job (ADR 0040): jobs signs one at the claim and a fresh one with every
 * progress report. The clients of media and artifacts a job's pipeline gets send it with every call:
 * those services admit the worker for the ids of its grant alone.
 */
export interface JobGrantHolder {
  current: string;
}

type AnyMethod = (request: unknown, opts?: CallOptions) => Promise<unknown>;

/** The client (or a test's fake of it) with every call made under the holder's current grant. */
export function underGrant<C extends object>(client: C, holder: JobGrantHolder): C {
  return new Proxy(client, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value !== 'function' || name === 'close') return value;
      return (request: unknown, opts: CallOptions = {}) =>
        (value as AnyMethod).call(target, request, { ...opts, grant: holder.current });
    },
  });
}

/** The jobs client whose progress reports keep the holder's grant fresh. */
export function renewingGrant<C extends Pick<JobsClient, 'reportProgress'>>(jobs: C, holder: JobGrantHolder): C {
  const reportProgress: JobsClient['reportProgress'] = async (request, opts) => {
    const answer = await jobs.reportProgress(request, opts);
    if (answer.grant) holder.current = answer.grant;
    return answer;
  };
  return new Proxy(jobs, {
    get: (target, name, receiver) => (name === 'reportProgress' ? reportProgress : Reflect.get(target, name, receiver)),
  });
}
