import { accessCollections, accessOperations } from './access/index.js';
import { budgetCollections, budgetGroupOperations } from './budget/index.js';
import { messagingCollections, messagingOperations } from './messaging/index.js';
import { clinicCollections, clinicGroupOperations } from './clinic/index.js';
import { insuranceCollections, insuranceGroupOperations } from './insurance/index.js';
import { patientCollections, patientGroupOperations } from './patient/index.js';
import { priceCollections, priceGroupOperations } from './price/index.js';
import { scheduleCollections, scheduleGroupOperations } from './schedule/index.js';
import { ticketCollections, ticketGroupOperations } from './ticket/index.js';
import type { DomainModule } from './module.js';
import { installModules } from './module-install.js';
import type { Operation } from './operation.js';
import { specialtyModule } from './specialty/module.js';
import { financeModule } from './finance/module.js';
import type { AnyCollectionDef } from './store/collection-def.js';

/**
 * The domain modules (core/module.ts), one line per group: their declarations are installed here and
 * nowhere else. Groups not yet in the module shape follow in the lists below.
 */
export const modules: readonly DomainModule[] = [specialtyModule, financeModule];
installModules(modules);

/**
 * Every collection an installation and the server hold. Each domain group adds its own here, so the
 * RxDB schema, the SQL tables and replication all derive from one list.
 */
export const allCollections: readonly AnyCollectionDef[] = [
  ...accessCollections,
  ...messagingCollections,
  ...clinicCollections,
  ...patientCollections,
  ...insuranceCollections,
  ...priceCollections,
  ...budgetCollections,
  ...scheduleCollections,
  ...ticketCollections,
  ...modules.flatMap((m) => m.collections.map((c) => c.def)),
];

/** Every operation of the catalogue (spec §4), registered once; the REST routes derive from it. */
export const allOperations: readonly Operation[] = [
  ...accessOperations,
  ...messagingOperations,
  ...clinicGroupOperations,
  ...patientGroupOperations,
  ...insuranceGroupOperations,
  ...priceGroupOperations,
  ...budgetGroupOperations,
  ...scheduleGroupOperations,
  ...ticketGroupOperations,
  ...modules.flatMap((m) => m.operations),
];
