import type { FastifyInstance } from 'fastify';

/**
 * How a route answers a body, query or params that fail its zod schema (400):
 * - `field` (the default): `{ error: "field: message" }`, the first problem named by its field;
 * - `sentence`: `{ error: message }`, the first problem's message alone — for schemas whose
 *   messages are written to be shown to users as they are ("Password must be at least 6 characters long");
 * - `sentence-and-message`: the same sentence repeated in `message`, for clients that read that field.
 */
export type ValidationErrorStyle = 'field' | 'sentence' | 'sentence-and-message';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How this route answers a failed schema validation (see ValidationErrorStyle); `field` unless set. */
    validationErrors?: ValidationErrorStyle;
  }
}

/** The 400 body for the first validation problem, in the route's style. */
export function validationErrorBody(
  first: { instancePath?: string; message?: string } | undefined,
  style: ValidationErrorStyle = 'field',
): Record<string, string> {
  const message = first?.message ?? 'Invalid request';
  if (style === 'sentence') return { error: message };
  if (style === 'sentence-and-message') return { error: message, message };
  const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') ?? '';
  return { error: field ? `${field}: ${message}` : message };
}

/**
 * Makes `style` the default of every route registered afterwards in this plugin (a route's own
 * `config.validationErrors` still wins). Call it at the top of an encapsulated plugin.
 */
export function useValidationErrorStyle(app: FastifyInstance, style: ValidationErrorStyle): void {
  app.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as { validationErrors?: ValidationErrorStyle };
    route.config = { ...config, validationErrors: config.validationErrors ?? style } as typeof route.config;
  });
}
