import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  alertDeliveryListSchema,
  alertLinesSchema,
  alertRuleListSchema,
  alertRuleParamsSchema,
  alertRuleSchema,
  alertTestResultSchema,
  boardQuerySchema,
  createAlertRuleSchema,
  createdAlertRuleSchema,
  ruleProblems,
  updateAlertRuleSchema,
  type AlertRule,
  type AlertChannel,
} from '../../../shared/api/alerts.js';
import { can, denialReason } from '../../../shared/permissions.js';
import { fieldError, forbidden, notFound } from '../../errors.js';
import { capacityQuerySchema } from '../../../shared/api/capacity.js';
import { acceptKeys } from '../../plugins/api-keys.js';
import {
  boardCompanyFor,
  boardOf,
  currentActor,
  currentViewer,
  documentAccess,
  requireUser,
  personBoardFor,
  requireViewer,
} from '../../plugins/permissions.js';
import { companyExists } from '../../services/companies/company-store.js';
import { readSettingsOnly } from '../../services/board-settings/board-settings-store.js';
import { settingsHomeOf } from '../../services/boards/board-store.js';
import type { OpenRule } from '../../services/alerts/alert-store.js';
import { budgetSpent, type BudgetClaim } from '../../services/limits/message-budget.js';
import { CONFIRMATION_LIMITS, TEST_LIMITS } from '../../../shared/alerts/limits.js';

/** Confirmation messages a rule's save would send, counted per rule and per company. */
function confirmationClaims(ruleId: number, companyId: number, units: number): BudgetClaim[] {
  const words = (limit: string) =>
    `This rule would send ${units} confirmation message${units === 1 ? '' : 's'}, and they are limited to ${limit}`;
  return [
    {
      key: `confirm:rule:${ruleId}`,
      ...CONFIRMATION_LIMITS.perRule,
      units,
      words: words(CONFIRMATION_LIMITS.perRule.words),
    },
    {
      key: `confirm:company:${companyId}`,
      ...CONFIRMATION_LIMITS.perCompany,
      units,
      words: words(CONFIRMATION_LIMITS.perCompany.words),
    },
  ];
}

/**
 * A board's alert rules and delivery log (issue 23). People only (a paired screen gets 403);
 * members read (`alerts.view`), account admins and the master admin write (`alerts.manage`).
 * A rule of another company answers 404, as if it did not exist.
 */
export default async function alertRoutes(root: FastifyInstance): Promise<void> {
  await root.register(ruleRoutes);
  await root.register(wallRoutes);
}

/**
 * The wall's lines (issue 23): a firing rule shows on its board and that board's TVs until it
 * resolves. People read a board of their company (`?boardId=`, else the first; a master admin:
 * `?companyId=` too), a paired screen its own board's, as `POST /api/capacity` chooses.
 */
async function wallRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', requireViewer);
  documentAccess(app, 'viewer');
  acceptKeys(app, 'alerts:read', 'viewer');
  app.get(
    '/api/alert-lines',
    {
      schema: {
        operationId: 'listAlertLines',
        summary: 'Get the alert lines a board shows',
        description:
          'The lines that firing alert rules put on a board and its TVs until they resolve.',
        querystring: capacityQuerySchema,
        response: { 200: alertLinesSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const named = await boardCompanyFor(request, request.query.companyId, (id) =>
        companyExists(app.db, id),
      );
      const companyId = named ?? currentViewer(request).companyId;
      if (companyId === null) return { lines: [] };
      const board = await boardOf(
        request,
        (fresh) =>
          fresh ? app.services.boards.list(companyId) : app.services.boards.cachedList(companyId),
        request.query.boardId,
      );
      return { lines: await app.services.alertRules.firingLines(board.id) };
    },
  );
}

async function ruleRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', requireUser);
  documentAccess(app, 'alerts.view');
  acceptKeys(app, 'alerts:read', 'alerts.view');
  const store = app.services.alertRules;

  /** A rule the caller may see, or 404; writing it needs `alerts.manage` (403 otherwise). */
  async function ruleFor(request: FastifyRequest, id: number, write: boolean): Promise<OpenRule> {
    const actor = currentActor(request);
    const rule = await store.byId(id);
    if (!rule || !can(actor, 'alerts.view', { companyId: rule.companyId }))
      throw notFound('Alert rule');
    if (write && !can(actor, 'alerts.manage', { companyId: rule.companyId }))
      throw forbidden(denialReason(actor, 'alerts.manage') ?? 'Forbidden');
    return rule;
  }

  /**
   * Each channel checked beyond the schema: by its driver (a webhook URL the guarded client will
   * call), and a push channel may name only people who may see the company's alerts. 400 naming
   * the channel's field otherwise.
   */
  async function checkChannels(companyId: number, channels: AlertChannel[]): Promise<void> {
    for (const [index, channel] of channels.entries()) {
      if (channel.type === 'push') {
        const [pushProblem] = await app.services.push.channelProblems(
          companyId,
          channel,
          `channels[${index}]`,
        );
        if (pushProblem)
          throw fieldError(
            'BAD_REQUEST',
            pushProblem.field,
            `${pushProblem.field}: ${pushProblem.message}`,
          );
        continue;
      }
      const problem = await app.services.alertSender.driver(channel.type).check?.(channel);
      if (problem) {
        const field = `channels[${index}]${'url' in channel ? '.url' : ''}`;
        throw fieldError('BAD_REQUEST', field, `${field}: ${problem}`);
      }
    }
  }

  /** Push channels' members by name, as the rule's card and sentence show them. */
  async function withNames(views: AlertRule[]): Promise<AlertRule[]> {
    const ids = views.flatMap((v) =>
      v.channels.flatMap((c) => (c.type === 'push' ? (c.userIds ?? []) : [])),
    );
    if (ids.length === 0) return views;
    const names = await app.services.push.names(ids);
    return views.map((view) => ({
      ...view,
      channels: view.channels.map((c) =>
        c.type === 'push' && c.userIds
          ? { ...c, people: c.userIds.map((id) => names.get(id) ?? 'a former member') }
          : c,
      ),
    }));
  }

  /** A rule as answers show it, with where each of its recipients stands. */
  async function viewOf(rule: OpenRule): Promise<AlertRule> {
    const keys = await app.services.alerts.recipientKeys(rule);
    const recipients = await app.services.alertRecipients.view(rule.companyId, keys);
    return (await withNames([store.view(rule, recipients)]))[0]!;
  }

  /**
   * Saves a rule (`write`) with the recipients its channels name, in one transaction. A new
   * recipient who is not a member gets one confirmation message (decision 30): those are
   * limited per rule and per company, and past a limit nothing is saved (429 with Retry-After).
   * The messages go out once the rule is saved.
   */
  async function saveWithRecipients(
    companyId: number,
    channels: AlertChannel[],
    write: (tx: Parameters<Parameters<typeof app.db.transaction>[0]>[0]) => Promise<OpenRule>,
  ): Promise<OpenRule> {
    const recipients = app.services.alertRecipients;
    const keys = await app.services.alerts.recipientKeys({ companyId, channels });
    // Asked before the transaction: nothing inside it may wait for another connection.
    const members = await recipients.membersOf(companyId, keys);
    const { rule, made } = await app.db.transaction(async (tx) => {
      const saved = await write(tx);
      const created = await recipients.ensure(tx, companyId, keys);
      const messages = recipients.needingMessages(created, members);
      if (messages.length > 0) {
        const taken = await app.services.messageBudget.take(
          confirmationClaims(saved.id, companyId, messages.length),
          app.services.now(),
          tx,
        );
        if (!taken.ok) throw budgetSpent(taken);
      }
      return { rule: saved, made: messages };
    });
    await recipients.sendConfirmations(companyId, made);
    return rule;
  }

  app.get(
    '/api/alert-rules',
    {
      schema: {
        operationId: 'listAlertRules',
        summary: "List a board's alert rules",
        description:
          'Each rule on the board: what it watches, its threshold, its channels (e-mail, Slack, Teams, webhook, push notifications) and whether it is firing.',
        querystring: boardQuerySchema,
        response: { 200: alertRuleListSchema },
      },
    },
    async (request) => {
      const board = await personBoardFor(app, request, request.query, 'alerts.view');
      const rules = await store.list(board.id);
      return {
        rules: await Promise.all(rules.map(viewOf)),
        mailCatcherUrl: app.config.isProduction ? null : (app.config.alerts.mailCatcherUrl ?? null),
        smsStandinUrl: app.config.isProduction ? null : (app.config.alerts.smsStandinUrl ?? null),
      };
    },
  );

  app.post(
    '/api/alert-rules',
    {
      schema: {
        operationId: 'createAlertRule',
        summary: 'Create an alert rule',
        description:
          "A rule on a board (`boardId`, else the first): what to watch and where to send. A webhook's signing secret is in this answer only. 400 naming the field for a bad rule or a webhook address that may not be called.",
        'x-access': 'alerts.manage',
        body: createAlertRuleSchema,
        response: { 201: createdAlertRuleSchema },
      },
    },
    async (request, reply) => {
      const { boardId, ...fields } = request.body;
      const board = await personBoardFor(app, request, { boardId }, 'alerts.manage', 'alerts.view');
      await checkChannels(board.companyId, fields.channels);
      const rule = await saveWithRecipients(board.companyId, fields.channels, (tx) =>
        store.create(board.companyId, board.id, fields, app.services.now(), tx),
      );
      // The signing secret is shown this once; it is never in any later answer.
      return reply.status(201).send({ ...(await viewOf(rule)), secret: rule.secret });
    },
  );

  app.patch(
    '/api/alert-rules/:id',
    {
      schema: {
        operationId: 'updateAlertRule',
        summary: 'Change an alert rule',
        description:
          'Changes the fields given; the rule is checked as a whole (400 naming the field).',
        'x-access': 'alerts.manage',
        params: alertRuleParamsSchema,
        body: updateAlertRuleSchema,
        response: { 200: alertRuleSchema },
      },
    },
    async (request) => {
      const rule = await ruleFor(request, request.params.id, true);
      const changes = Object.fromEntries(
        Object.entries(request.body).filter(([, value]) => value !== undefined),
      );
      const next: OpenRule = { ...rule, ...changes };
      const [problem] = ruleProblems(next);
      if (problem)
        throw fieldError('BAD_REQUEST', problem.field, `${problem.field}: ${problem.message}`);
      if (request.body.channels) await checkChannels(rule.companyId, request.body.channels);
      const saved = await saveWithRecipients(rule.companyId, next.channels, (tx) =>
        store.update(next, app.services.now(), tx),
      );
      if (rule.state === 'firing')
        await app.services.events.publish({ type: 'alerts.changed', companyId: rule.companyId });
      return viewOf(saved);
    },
  );

  app.delete(
    '/api/alert-rules/:id',
    {
      schema: {
        operationId: 'deleteAlertRule',
        summary: 'Delete an alert rule',
        description: "A firing rule's line leaves the wall at once.",
        'x-access': 'alerts.manage',
        params: alertRuleParamsSchema,
        response: { 200: alertRuleSchema },
      },
    },
    async (request) => {
      const rule = await ruleFor(request, request.params.id, true);
      await store.remove(rule.id);
      if (rule.state === 'firing')
        await app.services.events.publish({ type: 'alerts.changed', companyId: rule.companyId });
      // The rule as it was, like every other delete of the API.
      return (await withNames([store.view(rule)]))[0]!;
    },
  );

  app.post(
    '/api/alert-rules/:id/test',
    {
      schema: {
        operationId: 'testAlertRule',
        'x-access': 'alerts.manage',
        summary: "Send a rule's test message",
        description:
          'Sends what the rule will say to each of its channels now, once, and answers what each ' +
          'channel said. Limited to 5 tests per rule and 20 per company an hour: past that the ' +
          'answer is 429 with Retry-After and when to try again.',
        params: alertRuleParamsSchema,
        response: { 200: alertTestResultSchema },
      },
    },
    async (request) => {
      const rule = await ruleFor(request, request.params.id, true);
      // A test writes to every recipient of the rule: limited per rule and per company, on
      // every instance together (issue 33 item 5).
      const taken = await app.services.messageBudget.take(
        [
          {
            key: `test:rule:${rule.id}`,
            ...TEST_LIMITS.perRule,
            words: `Send test is limited to ${TEST_LIMITS.perRule.words}`,
          },
          {
            key: `test:company:${rule.companyId}`,
            ...TEST_LIMITS.perCompany,
            words: `Send test is limited to ${TEST_LIMITS.perCompany.words}`,
          },
        ],
        app.services.now(),
      );
      if (!taken.ok) throw budgetSpent(taken);
      const result = await app.services.alerts.sendTest(rule);
      if (!result) throw notFound('Alert rule'); // its board was deleted a moment ago
      return result;
    },
  );

  app.get(
    '/api/alert-deliveries',
    {
      schema: {
        operationId: 'listAlertDeliveries',
        summary: "List what a board's alerts sent",
        description:
          "The delivery log: each message the board's rules sent or tried to send, per channel, with its outcome and retries.",
        querystring: boardQuerySchema,
        response: { 200: alertDeliveryListSchema },
      },
    },
    async (request) => {
      const board = await personBoardFor(app, request, request.query, 'alerts.view');
      const [deliveries, settings] = await Promise.all([
        store.deliveries(board.id),
        readSettingsOnly(app.db, settingsHomeOf(board)),
      ]);
      // One zone for the whole log, the board's, as its messages name times (issue 33 item 7).
      return { deliveries, timeZone: settings.timezone };
    },
  );
}
