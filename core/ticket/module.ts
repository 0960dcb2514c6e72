/** The tickets group (issue #9): service lines, tickets, calling, the panel, the totem: the domain module. */
import { r, rw } from '#core/access/role-grants.js';
import { domainModule } from '#core/module.js';
import { callTicket, getTicket, recallTicket, resetTicket, startTicket } from './call-ops.js';
import { getTicketControl, saveTicketControl } from './control-ops.js';
import { createTicket, createTicketForPlace } from './issue-ops.js';
import { listPanelTickets } from './panel-ops.js';
import { ticketControlPush, ticketPush } from './push-contracts.js';
import { ticketReview } from './review.js';
import { ticketControls } from './ticket-control-record.js';
import { tickets } from './ticket-record.js';
import { ticketSyncRules } from './ticket-sync-rules.js';
import { totemCheckIn, totemLookup } from './totem-ops.js';

export const ticketModule = domainModule({
  name: 'ticket',
  // A professional calls the next patient to their own room; the totem prints and shows tickets.
  access: {
    resources: ['ticket'],
    roles: { reception: rw('ticket'), professional: rw('ticket'), totem: r('ticket') },
  },
  collections: [
    {
      def: tickets,
      storageGroup: 'schedule',
      review: ticketReview.tickets,
      push: ticketPush,
      sync: ticketSyncRules,
      // A ticket may name its patient (an id, never a name): its writes are audited. The store does not
      // check `ticket:*` itself: unifying patients reads and moves every referencing collection, and
      // professionals may unify without holding ticket permissions; the ticket operations require them.
      // Reads are not audited: the panel polls the list every few seconds.
      policy: { resource: 'ticket', check: false, audit: 'writes' },
      patientFields: ['patient'],
    },
    { def: ticketControls, storageGroup: 'schedule', push: ticketControlPush },
  ],
  // The totem's check-in reaches patients and appointments through the `grants` their modules give
  // `attendance:write` (core/patient/module.ts, core/schedule/module.ts).
  operations: [
    createTicket,
    createTicketForPlace,
    callTicket,
    recallTicket,
    resetTicket,
    startTicket,
    getTicket,
    getTicketControl,
    saveTicketControl,
    listPanelTickets,
    totemLookup,
    totemCheckIn,
  ],
});
