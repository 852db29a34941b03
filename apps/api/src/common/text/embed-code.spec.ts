import { DEFAULT_EMBED_HOSTS } from '@legenett/contracts';
import { sanitiseEmbedCode } from './embed-code';

const clean = (s: string) => sanitiseEmbedCode(s, DEFAULT_EMBED_HOSTS);

describe('sanitiseEmbedCode', () => {
  it('keeps an allowed iframe with its src only', () => {
    expect(clean('<iframe width="560" onload="alert(1)" src="https://www.youtube.com/embed/abc?x=1&amp;y=2" frameborder="0"></iframe><script>alert(1)</script>')).toBe(
      '<iframe src="https://www.youtube.com/embed/abc?x=1&amp;y=2" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>',
    );
    expect(clean("<iframe src='https://player.vimeo.com/video/1'></iframe>")).toContain('https://player.vimeo.com/video/1');
    expect(clean('<iframe src="https://us02web.zoom.us/j/1"></iframe>')).toContain('us02web.zoom.us');
  });

  it('refuses other hosts, plain http, javascript and text without an iframe', () => {
    expect(clean('<iframe src="https://evil.example/embed"></iframe>')).toBeNull();
    expect(clean('<iframe src="https://www.youtube.com.evil.example/x"></iframe>')).toBeNull();
    expect(clean('<iframe src="http://www.youtube.com/embed/abc"></iframe>')).toBeNull();
    expect(clean('<iframe src="javascript:alert(1)"></iframe>')).toBeNull();
    expect(clean('<script src="https://www.youtube.com/x"></script>')).toBeNull();
    expect(clean('https://www.youtube.com/embed/abc')).toBeNull();
  });
});
