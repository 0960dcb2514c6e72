/**
 * Sending a budget from the desk's local core on real RxDB (memory storage): `budget.send` queues a
 * pending message in the desk's own outbox (the replicated collection sync pushes), the screen reads
 * it back as the budget's latest send, and the printable document is built from the same store.
 */
import { describe, expect, it } from 'vitest';
import { users } from '#core/access/user.js';
import { budgetDocument } from '#core/budget/budget-document-ops.js';
import { createBudget } from '#core/budget/budget-ops.js';
import { sendBudget } from '#core/budget/budget-send-ops.js';
import { fullBudgetBody, seedBudgetReferences } from '#core/budget/testing.js';
import { outboxMessages } from '#core/messaging/message.js';
import { DEMO_TENANT, demoActor } from '../local/demo-seed.js';
import { budgetHtml } from './budget-print.js';
import { loadBudgetSends } from './budget-sends.js';
import { memoryDesks } from '../local/memory-desk.js';

const openDesk = memoryDesks('budget-send');

describe('sending a budget from the desk', () => {
  it('queues the message in the local outbox, pending and untried, and the screen reads it as the budget’s send', async () => {
    const core = await openDesk();
    const actor = demoActor();
    const local = core;
    const refs = await seedBudgetReferences(
      (op, input) => local.run(op, input, actor),
      async (user) => {
        await local.context(actor).store.collection(users).insert(user);
      },
      DEMO_TENANT,
    );
    const { budget } = await core.run(createBudget, fullBudgetBody(refs) as never, actor);

    const answer = await core.run(sendBudget, { id: budget.id, channel: 'whatsapp' }, actor);
    expect(answer).toMatchObject({ channel: 'whatsapp', to: '+5511987654321' });
    expect(answer.messageId).not.toBeNull();

    const stored = await core.context(actor).store.collection(outboxMessages).get(answer.messageId!);
    expect(stored).toMatchObject({
      status: 'pending',
      attempts: 0,
      sentAt: null,
      lastError: null,
      template: 'budget.send',
      attachments: [{ kind: 'budget-pdf', budgetId: budget.id }],
    });
    const sends = await loadBudgetSends(core.context(actor));
    expect(sends.get(budget.id)).toMatchObject({ status: 'pending', channel: 'whatsapp', to: '+5511987654321' });

    const html = budgetHtml(await budgetDocument(core.context(actor).store, budget.id));
    expect(html).toContain(`ORÇAMENTO Nº ${budget.budgetNumber}`);
    expect(html).toContain('Maria Aparecida da Silva');
    expect(html).toContain('Restauração em resina');
  });
});
