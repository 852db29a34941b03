// Preloaded into the API by `bench/stream-open.mjs --count-sql` (node --import): counts the statements
// the process sends to PostgreSQL, by their text's first 120 characters, and writes the counts to the
// file COUNT_SQL_FILE every 200 ms (the bench reads it before and after a burst).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const { Client } = createRequire(path.join(process.cwd(), 'package.json'))('pg');
const counts = new Map();
const query = Client.prototype.query;
Client.prototype.query = function (config, ...rest) {
  const text = typeof config === 'string' ? config : (config && config.text) || '?';
  const key = text.replace(/\s+/g, ' ').slice(0, 120);
  counts.set(key, (counts.get(key) || 0) + 1);
  return query.call(this, config, ...rest);
};
setInterval(() => {
  fs.writeFileSync(`${process.env.COUNT_SQL_FILE}.tmp`, JSON.stringify(Object.fromEntries(counts)));
  fs.renameSync(`${process.env.COUNT_SQL_FILE}.tmp`, process.env.COUNT_SQL_FILE);
}, 200).unref();
