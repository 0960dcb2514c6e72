/** Third-party workflow integration credentials (issue 27): sealed at rest, answered masked. */
export { workflowOperations } from './workflow-ops.js';
export { workflowMigrations, type WorkflowTables } from './workflow-tables.js';
