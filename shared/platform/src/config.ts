import { z } from 'zod';

/**
 * Parses `env` with a zod schema. On a missing or invalid variable the process stops with one
 * line naming the variable and what is expected (a stack trace would bury the one fact that matters).
 */
export function loadConfig<S extends z.ZodObject>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const name = issue.path.join('.') || '(environment)';
  const got = env[name];
  const expected = describeIssue(issue);
  const line = `config error: ${name} ${got === undefined || got === '' ? 'is missing' : 'is invalid'}: expected ${expected}`;
  if (env.NODE_ENV === 'test' || env.VITEST) throw new ConfigError(line);
  process.stderr.write(`${line}\n`);
  process.exit(78); // EX_CONFIG
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function describeIssue(issue: z.core.$ZodIssue): string {
  // zod's own messages start with "Invalid"; ours (set in the schemas) say what is expected.
  if (issue.message && !issue.message.startsWith('Invalid')) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return `a ${issue.expected}`;
    case 'invalid_value':
      return `one of ${issue.values.map(String).join(', ')}`;
    case 'invalid_format':
      return `a ${issue.format}`;
    default:
      return issue.message;
  }
}

/** Common helpers for env schemas. */
export const env = {
  port: (def: number) => z.coerce.number().int().min(0).max(65535).default(def),
  url: () => z.url({ message: 'a URL such as postgres://user@host:5432/db' }),
  optionalUrl: () =>
    z
      .url({ message: 'a URL' })
      .optional()
      .or(z.literal('').transform(() => undefined)),
  int: (def: number) => z.coerce.number().int().default(def),
  bool: (def: boolean) =>
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
      .default(def ? 'true' : 'false')
      .transform((v) => v === 'true' || v === '1' || v === 'yes'),
  role: () => z.enum(['api', 'worker', 'relay', 'all', 'migrate']).default('all'),
};
