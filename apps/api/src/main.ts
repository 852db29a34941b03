import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './app';
import { ConfigError, configFromProcess } from './config';
import { migrateDatabase } from './database/migrate';

async function bootstrap(): Promise<void> {
  let config;
  try {
    config = configFromProcess();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  if (config.generatedSecrets.length > 0) {
    Logger.warn(
      `${config.generatedSecrets.join(', ')} not set: using random keys of this process (sessions end at restart; \`npm start\` keeps them in DATA_DIR)`,
      'Config',
    );
  }
  if (config.migrateOnStart) {
    // Past any pooler: the migration lock is a session-level advisory lock (DATABASE_DIRECT_URL).
    await migrateDatabase(config.databaseDirectUrl, (message) => Logger.log(message, 'Migrations'));
  }
  const app = await createApp({ config });
  await app.listen(config.port, config.host);
  const url = await app.getUrl();
  Logger.log(`Legenett API listening on ${url.replace('[::1]', 'localhost')} (public URL ${config.publicUrl})`, 'Bootstrap');
}

bootstrap().catch((err: unknown) => {
  console.error('Legenett API failed to start:', err);
  process.exit(1);
});
