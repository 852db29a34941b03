import { parseCues } from './webvtt';

describe('parseCues', () => {
  it('reads start times and plain text, skipping notes and styles', () => {
    const vtt = '\uFEFFWEBVTT\r\n\r\nNOTE made by hand\r\n\r\nSTYLE\r\n::cue { color: red }\r\n\r\n1\r\n00:01.000 --> 00:04.000\r\n<v Kari>Hei &amp; velkommen</v>\r\n\r\n01:02:03.500 --> 01:02:05.000 align:start\r\nAndre <i>linje</i>\r\nfortsetter\r\n';
    expect(parseCues(vtt)).toEqual([
      { startSeconds: 1, text: 'Hei & velkommen' },
      { startSeconds: 3723, text: 'Andre linje fortsetter' },
    ]);
  });

  it('ignores cues with broken timings or no text', () => {
    expect(parseCues('WEBVTT\n\nxx --> yy\nTekst\n\n00:05.000 --> 00:06.000\n\n')).toEqual([]);
  });
});
