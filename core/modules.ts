/**
 * The domain modules (core/module.ts), one line per group (docs/adding-a-group.md). Only the list:
 * `core/catalogue.ts` installs it for the app and the server; test fixtures that open a few groups
 * install the parts they open (`core/module-testing.ts`).
 */
import { accessModule } from './access/module.js';
import { billingModule } from './billing/module.js';
import { insuranceRequestsModule } from './billing/requests/module.js';
import { budgetModule } from './budget/module.js';
import { chatModule } from './chat/module.js';
import { clinicModule } from './clinic/module.js';
import { financeModule } from './finance/module.js';
import { insuranceModule } from './insurance/module.js';
import { inventoryModule } from './inventory/module.js';
import { medicalRecordModule } from './medical-record/module.js';
import { messagingModule } from './messaging/module.js';
import type { DomainModule } from './module.js';
import { patientModule } from './patient/module.js';
import { priceModule } from './price/module.js';
import { scheduleModule } from './schedule/module.js';
import { specialtyModule } from './specialty/module.js';
import { ticketModule } from './ticket/module.js';

export const modules: readonly DomainModule[] = [
  accessModule,
  messagingModule,
  clinicModule,
  patientModule,
  specialtyModule,
  insuranceModule,
  priceModule,
  budgetModule,
  scheduleModule,
  ticketModule,
  medicalRecordModule,
  billingModule,
  inventoryModule,
  financeModule,
  chatModule,
  insuranceRequestsModule,
];
