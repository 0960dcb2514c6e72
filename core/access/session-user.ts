import { z } from 'zod';
import { ROLES } from './role-grants.js';

/**
 * Who a login session belongs to, as `POST /session/` answers it (spec "Authentication"): the server
 * builds it, the desk parses it before trusting it for offline logins.
 */
export const sessionUserSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  accountName: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  permissions: z.array(z.string()),
});

export type SessionUser = z.infer<typeof sessionUserSchema>;
