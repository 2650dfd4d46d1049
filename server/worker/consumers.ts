import type { Deps } from '../deps';
import { createChatNoticesConsumer } from '../services/chat/notices';
import { createSeatLinesConsumer } from '../services/chat/seat-lines';
import { createGroupFollowUpsConsumer } from '../services/groups/follow-ups';
import { createMatchNoticesConsumer } from '../services/notifications/match-notices';
import { createGroupsConsumer } from '../services/groups/scheduler';
import { createWebhookEventsConsumer } from '../services/integrations/webhooks';
import { createWebhookWorker } from '../services/integrations/delivery';
import { createOutboxWorker } from '../services/notifications/worker';
import { createResultJobsConsumer } from '../services/results/jobs';
import { createEveningNoticesConsumer } from '../services/evenings/notices';
import { createWantNoticesConsumer } from '../services/wants/notices';
import { createRefillWavesConsumer } from '../services/wants/refill';
import { createCourtRemindersConsumer } from '../services/matches/court-reminders';
import { createLogPruner } from './log-consumer';
import type { WorkerConsumer } from './loop';

/** The consumers of the domain event log: each follows it with its own cursor. */
export const logConsumers = (deps: Deps): WorkerConsumer[] => [
  createSeatLinesConsumer(deps),
  createMatchNoticesConsumer(deps),
  createWebhookEventsConsumer(deps),
  createGroupFollowUpsConsumer(deps),
  createChatNoticesConsumer(deps),
  createEveningNoticesConsumer(deps),
  createWantNoticesConsumer(deps),
];

/**
 * Everything the worker loop of an instance runs: the log's consumers, and the queues they (and
 * the clocks) fill: notices, result jobs, webhook deliveries, the groups' weekly slots and polls,
 * the refills' second waves, the court and cost reminders.
 */
export const workerConsumers = (deps: Deps): WorkerConsumer[] => [
  ...logConsumers(deps),
  createLogPruner(deps),
  createOutboxWorker(deps, { concurrency: deps.env.OUTBOX_CONCURRENCY }),
  createResultJobsConsumer(deps),
  createWebhookWorker(deps),
  createGroupsConsumer(deps),
  createRefillWavesConsumer(deps),
  createCourtRemindersConsumer(deps),
];
