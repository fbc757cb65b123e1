import { z } from 'zod';

/** Every error answer of every service: `{ "error": "…" }`, plus fields some routes add. */
export const ErrorBody = z.object({ error: z.string() }).passthrough();
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Mongo-style 24-character lowercase hex ids: the spec's document references use this form. */
export const ObjectId = z.string().regex(/^[0-9a-f]{24}$/, 'a 24-character hexadecimal id');
