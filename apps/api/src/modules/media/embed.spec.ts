import { sanitiseEmbed } from './embed';

describe('sanitiseEmbed', () => {
  it('keeps only the src of an allowed player in our own markup', () => {
    const out = sanitiseEmbed('<iframe width="560" onload="alert(1)" src="https://www.youtube.com/embed/dQw4w9WgXcQ?start=5"></iframe><script>x()</script>', 'Foredrag "A"');
    expect(out).toBe(
      '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ?start=5" title="Foredrag &quot;A&quot;" loading="lazy" referrerpolicy="strict-origin-when-cross-origin" sandbox="allow-scripts allow-same-origin allow-presentation allow-popups" allow="encrypted-media; picture-in-picture; fullscreen" allowfullscreen></iframe>',
    );
    expect(sanitiseEmbed('https://player.vimeo.com/video/123456', 'x')).toContain('src="https://player.vimeo.com/video/123456"');
  });

  it('refuses other hosts, schemes and paths', () => {
    for (const bad of [
      '<iframe src="https://evil.example/embed/abcdefg"></iframe>',
      '<iframe src="javascript:alert(1)"></iframe>',
      '<iframe src="http://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com.evil.example/embed/dQw4w9WgXcQ',
      '<script>alert(1)</script>',
    ]) {
      expect([bad, sanitiseEmbed(bad, 't')]).toEqual([bad, null]);
    }
  });
});
