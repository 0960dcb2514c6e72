import { describeStoreConformance } from '#core/store/conformance.js';
import { adapterSuiteCollections, adapterSuiteGroups, describeAdapterBehaviour } from './adapter-suite.js';
import { describeSparseRecords } from './sparse-suite.js';
import { neighbourCollections, neighbourGroups, withNeighbours } from './group-neighbours.js';
import { openRxdbDatabase } from './rx-database.js';
import { memoryStorage } from './storages.js';

let opened = 0;
// The memory storage keeps data per database name for the whole process: every database gets its own.
const run = Math.random().toString(36).slice(2, 8);
const uniqueName = (label: string) => `${label}-${run}-${++opened}`;

// Beside another collection in one storage group, as the catalogue's collections live.
describeStoreConformance('rxdb memory', () =>
  withNeighbours('samples', () =>
    openRxdbDatabase({
      name: uniqueName('conformance-memory'),
      storage: memoryStorage(),
      collections: neighbourCollections,
      groups: neighbourGroups,
      multiInstance: false,
    }),
  ),
);

describeSparseRecords('memory', () =>
  withNeighbours('sparse', () =>
    openRxdbDatabase({
      name: uniqueName('sparse-memory'),
      storage: memoryStorage(),
      collections: neighbourCollections,
      groups: neighbourGroups,
      multiInstance: false,
    }),
  ),
);

describeAdapterBehaviour('memory', () =>
  openRxdbDatabase({
    name: uniqueName('adapter-memory'),
    storage: memoryStorage(),
    collections: adapterSuiteCollections,
    groups: adapterSuiteGroups,
    multiInstance: false,
  }),
);
