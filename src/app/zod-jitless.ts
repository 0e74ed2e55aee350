/**
 * zod compiles validators with `new Function` when it may; the console's Content-Security-Policy
 * (script-src 'self') forbids that, and the browser reports the probe as a violation. Telling zod
 * up front keeps it on its interpreter. Imported first by main.tsx, before any schema is built.
 */
import { z } from "zod";

z.config({ jitless: true });
