import fs from 'node:fs';
import { type AppConfig, EnvSchema, type RawEnv, REQUIRED_SECRETS } from './config.schema';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * `<NAME>_FILE` for each required secret, the convention of container images (Docker and Compose
 * secrets, a volume of keys made on first start): when `<NAME>` itself is unset or empty, its value
 * is the content of that file (trimmed). A file that cannot be read is a problem named after the
 * variable; a file that is empty leaves the secret unset (production then refuses it as usual).
 */
export function withSecretFiles(env: RawEnv, read: (file: string) => string = (file) => fs.readFileSync(file, 'utf8')): { env: RawEnv; problems: string[] } {
  const out: RawEnv = { ...env };
  const problems: string[] = [];
  for (const name of REQUIRED_SECRETS) {
    const file = env[`${name}_FILE`]?.trim();
    if (env[name]?.trim() || !file) continue;
    try {
      out[name] = read(file).trim();
    } catch (err) {
      problems.push(`${name}_FILE: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
    }
  }
  return { env: out, problems };
}

/** Validates the environment once; the only place that knows the variable names. */
export function loadConfig(raw: RawEnv): AppConfig {
  const { env, problems } = withSecretFiles(raw);
  const parsed = EnvSchema.safeParse(env);
  if (parsed.success && problems.length === 0) return parsed.data;
  throw new ConfigError([
    ...problems,
    ...(parsed.success ? [] : parsed.error.issues).map((issue) => {
      const name = issue.path.join('.') || '(environment)';
      return `${name}: ${issue.message}`;
    }),
  ]);
}

/** The process environment; `overrides` win (tests pass their database and switches here). */
export function configFromProcess(overrides: RawEnv = {}): AppConfig {
  return loadConfig({ ...process.env, ...overrides });
}
