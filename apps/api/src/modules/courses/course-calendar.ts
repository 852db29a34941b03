/** An iCalendar (RFC 5545) file with one event, times in UTC, lines folded at 75 octets. */
export function courseCalendar(c: {
  id: number;
  title: string;
  description: string;
  start: Date;
  end: Date;
  location: string | null;
  url: string;
  cancelled: boolean;
  host: string;
}): string {
  const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const text = icsText;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Legenett//Kurs//NO',
    'CALSCALE:GREGORIAN',
    `METHOD:${c.cancelled ? 'CANCEL' : 'PUBLISH'}`,
    'BEGIN:VEVENT',
    `UID:course-${c.id}@${c.host}`,
    `DTSTAMP:${stamp(new Date())}`,
    `DTSTART:${stamp(c.start)}`,
    `DTEND:${stamp(c.end)}`,
    `SUMMARY:${text(c.title)}`,
    `DESCRIPTION:${text(`${c.description}\n\n${c.url}`)}`,
    ...(c.location ? [`LOCATION:${text(c.location)}`] : []),
    `URL:${c.url}`,
    `STATUS:${c.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}

/**
 * RFC 5545 TEXT: backslash, semicolon and comma escaped, a line break (CRLF or LF) as `\n`, and every
 * other control character stripped, as TEXT forbids them: a lone CR, VT, FF, DEL, the C1 controls
 * (NEL, U+0085) and the Unicode line and paragraph separators, which calendar programs read as
 * line breaks. A tab stays (TEXT allows it).
 */
export function icsText(s: string): string {
  return [...s.replace(/\r\n/g, '\n')]
    .filter((ch) => {
      const c = ch.codePointAt(0)!;
      return c === 0x09 || c === 0x0a || (c >= 0x20 && c < 0x7f) || (c > 0x9f && c !== 0x2028 && c !== 0x2029);
    })
    .join('')
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\n/g, '\\n');
}

function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  for (const ch of line) {
    if (Buffer.byteLength(current + ch, 'utf8') > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
    }
    current += ch;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The course's page in the web app: the link in calendars, reminders and e-mails. */
export function coursePageUrl(publicUrl: string, id: number, type: string): string {
  return `${publicUrl}/course/webinares/${id}/${type}`;
}

/** The `.ics` of a course as `GET /courses/{id}/calendar.ics` and the reminders send it. */
export function courseIcs(
  row: {
    id: number;
    type: string;
    title: string;
    description: string;
    start_at: Date;
    ends_at: Date;
    status: string;
    address: string | null;
    city: { name: string } | null;
    hospital: { name: string } | null;
    clinic: { name: string } | null;
  },
  publicUrl: string,
): string {
  const location = [row.address, row.city?.name, row.hospital?.name, row.clinic?.name].filter(Boolean).join(', ');
  const url = coursePageUrl(publicUrl, row.id, row.type);
  return courseCalendar({
    id: row.id,
    title: row.title,
    description: row.description,
    start: row.start_at,
    end: row.ends_at,
    location: location || (row.type === 'webinar' ? url : null),
    url,
    cancelled: row.status === 'cancelled',
    host: new URL(publicUrl).hostname,
  });
}
