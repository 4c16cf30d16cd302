import { pingDatabase } from '@tp/db';
import type { JobStatus, JobType } from '../domain/job-rules.ts';
import type { Job, PrismaClient } from '../generated/prisma/client.ts';
import { VISIBLE } from './records.ts';

export interface ListFilter {
  userId: string;
  status: JobStatus | null;
  type: JobType | null;
  workspaceId: string | null;
  /** Jobs with ids below this one (the previous page's last). */
  beforeId: string | null;
  limit: number;
}

/** Reads of jobs. */
export function createJobQueries(prisma: PrismaClient) {
  return {
    ping: () => pingDatabase(prisma),

    /** A job of the user that finished its creation (items included). */
    findJob: (userId: string, jobId: string): Promise<Job | null> =>
      prisma.job.findFirst({ where: { id: jobId, userId, ...VISIBLE } }),

    findJobById: (jobId: string): Promise<Job | null> => prisma.job.findUnique({ where: { id: jobId } }),

    /** Top-level jobs of the user, newest first. */
    listJobs: (filter: ListFilter): Promise<Job[]> =>
      prisma.job.findMany({
        where: {
          userId: filter.userId,
          parentJobId: null,
          ...VISIBLE,
          ...(filter.status ? { status: filter.status } : {}),
          ...(filter.type ? { type: filter.type } : {}),
          ...(filter.workspaceId ? { workspaceId: filter.workspaceId } : {}),
          ...(filter.beforeId ? { id: { lt: filter.beforeId } } : {}),
        },
        orderBy: { id: 'desc' },
        take: filter.limit,
      }),

    /** Items of a batch, in creation order. */
    listItems: (parentId: string, limit: number): Promise<Job[]> =>
      prisma.job.findMany({ where: { parentJobId: parentId, ...VISIBLE }, orderBy: { id: 'asc' }, take: limit }),
  };
}

export type JobQueries = ReturnType<typeof createJobQueries>;
