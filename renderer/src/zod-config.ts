/**
 * zod 4 compiles object parsers with `new Function` when it may; the renderer's CSP forbids eval
 * (no 'unsafe-eval'), and zod's probe for it would log a CSP violation. Imported first by main.tsx.
 */
import { z } from 'zod';

z.config({ jitless: true });
