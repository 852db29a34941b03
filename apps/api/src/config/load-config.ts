import { type AppConfig, EnvSchema, type RawEnv } from './config.schema';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Validates the environment once; the only place that knows the variable names. */
export function loadConfig(env: RawEnv): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  throw new ConfigError(
    parsed.error.issues.map((issue) => {
      const name = issue.path.join('.') || '(environment)';
      return `${name}: ${issue.message}`;
    }),
  );
}

/** The process environment; `overrides` win (tests pass their database and switches here). */
export function configFromProcess(overrides: RawEnv = {}): AppConfig {
  return loadConfig({ ...process.env, ...overrides });
}
