// The jobs service's whole workflows against one fleet: real PostgreSQL and NATS, the real billing,
// media, artifacts and accounts services as processes; the tests play the worker's part through its
// surface. Each file of one fleet pays the fleet's start once. What one use case decides (every
// branch, each refusal) is tested beside it with its dependencies faked (src/usecases/*.test.ts);
// here only what needs the real processes: whole workflows, the store's SQL (the queue's order, the
// claims, a batch's aggregate, concurrency in the database), the bus, a billing outage, a crash's
// leftovers. The plan limit's workflows run on a fleet of their own: concurrency-limit.test.ts.
import { batchWorkflows } from './batch-jobs.ts';
import { cancellationWorkflows } from './cancellation.ts';
import { captionBurnWorkflows } from './caption-burn-workflows.ts';
import { clientLocalWorkflows } from './client-local-workflows.ts';
import { creationWorkflows } from './creation-workflows.ts';
import { queueWorkflows } from './queue-workflows.ts';
import { resilienceWorkflows } from './resilience.ts';
import { useHarness } from './support.ts';
import { webhookWorkflows } from './webhook-workflows.ts';
import { workerSurfaceWorkflows } from './worker-surface.ts';

const h = useHarness({ emptyQueueAfterEach: true });

creationWorkflows(h);
workerSurfaceWorkflows(h);
cancellationWorkflows(h);
batchWorkflows(h);
queueWorkflows(h);
captionBurnWorkflows(h);
clientLocalWorkflows(h);
webhookWorkflows(h);
// Last: it stops billing for a while.
resilienceWorkflows(h);
