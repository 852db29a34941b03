import { courseCalendar, icsText } from './course-calendar';

describe('calendar files (RFC 5545 TEXT)', () => {
  it('strips control characters TEXT forbids: a lone CR, VT, FF, NEL, DEL, C1 and line separators', () => {
    expect(icsText('Akutt\rmedisin\u000b kurs\u0085 i\u2028 Oslo\u007f\u0000\u001b\u2029')).toBe('Akuttmedisin kurs i Oslo');
  });

  it('keeps tabs and Norwegian letters, escapes \\ ; , and writes line breaks as \\n', () => {
    expect(icsText('Blod; svette\tog tårer, del 1\\2\r\nneste\nlinje')).toBe('Blod\\; svette\tog tårer\\, del 1\\\\2\\nneste\\nlinje');
  });

  it('writes no raw control character into SUMMARY or LOCATION', () => {
    const ics = courseCalendar({
      id: 7,
      title: 'Falsk\rBEGIN:VALARM\u000bTRIGGER\u0085slutt',
      description: 'Program',
      start: new Date('2027-01-07T08:00:00Z'),
      end: new Date('2027-01-07T09:00:00Z'),
      location: 'Sal\r1\u0085, Ullevål',
      url: 'https://legenett.no/course/webinares/7/course',
      cancelled: false,
      host: 'legenett.no',
    });
    const lines = ics.split('\r\n');
    expect(lines).toContain('SUMMARY:FalskBEGIN:VALARMTRIGGERslutt');
    expect(lines).toContain('LOCATION:Sal1\\, Ullevål');
    // Only CRLF ends a line; nothing else breaks one.
    // (the vertical tab by its code point: a control character cannot be written inside a regex literal)
    expect(ics.replace(/\r\n/g, '')).not.toMatch(new RegExp(`[\\r\\n${String.fromCharCode(0x0b)}\\u0085\\u2028]`));
  });
});
