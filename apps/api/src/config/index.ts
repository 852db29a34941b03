export { APP_CONFIG, ConfigModule, InjectConfig } from './config.module';
export { type AppConfig, type RawEnv, APP_ROOT } from './config.schema';
export { ConfigError, configFromProcess, loadConfig } from './load-config';
