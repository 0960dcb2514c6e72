export type { Collection, Database, Store } from './port.js';
export {
  defineCollection,
  fieldType,
  type AnyCollectionDef,
  type CollectionDef,
  type IndexedFieldType,
} from './collection-def.js';
export {
  normaliseQuery,
  type Condition,
  type FieldCondition,
  type NormalisedQuery,
  type Query,
  type Scalar,
  type SortDirection,
} from './query.js';
export { withoutRevision, type RecordBase, type Stored } from './record.js';
export { matchesQuery } from './match.js';
