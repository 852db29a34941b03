import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { mediaEndpoints } from '@legenett/contracts';
import { AccessService } from '../../common/access';
import { checkGates, type Principal, principalOf } from '../../common/auth';
import { AppError } from '../../common/errors/app-error';
import { type AppConfig, InjectConfig } from '../../config';
import { type Viewer } from './media.repository';
import { PodcastRepository } from './podcast.repository';

const DAY_MS = 86_400_000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const xml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/**
 * The private podcast feed (docs/media.md): a random token in the URL (only its hash is kept),
 * revocable, expiring, listing only what its owner may hear. Every read checks the owner again, so a
 * feed stops the moment their confirmation as health personnel (or their viewer key) lapses.
 */
@Injectable()
export class PodcastService {
  private readonly ttlMs: number;
  private readonly publicUrl: string;

  constructor(
    private readonly repository: PodcastRepository,
    private readonly access: AccessService,
    @InjectConfig() config: AppConfig,
  ) {
    this.ttlMs = config.media.podcastFeedTtlDays * DAY_MS;
    this.publicUrl = config.publicUrl;
  }

  private url(token: string): string {
    return `${this.publicUrl}/api/podcast/${token}`;
  }

  async show(me: Principal) {
    const feed = await this.repository.active(me.userId);
    return { data: feed ? { url: null, expires_at: feed.expires_at.toISOString(), created_at: feed.created_at.toISOString() } : null };
  }

  async create(me: Principal) {
    const token = randomBytes(32).toString('base64url');
    const feed = await this.repository.replace(me.userId, hashOf(token), new Date(Date.now() + this.ttlMs));
    return { data: { url: this.url(token), expires_at: feed.expires_at.toISOString(), created_at: feed.created_at.toISOString() } };
  }

  async revoke(me: Principal): Promise<void> {
    await this.repository.revoke(me.userId);
  }

  /** Who a token belongs to, if it still works and they may still hear the archive; else a 404. */
  private async viewerOf(token: string): Promise<Viewer> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw new AppError('ROUTE_NOT_FOUND');
    const owner = await this.repository.owner(hashOf(token));
    if (!owner || owner.deleted) throw new AppError('ROUTE_NOT_FOUND');
    // The owner as the audio archive's own gates see them (the descriptor's access, health-personnel
    // rule and permission), without a session or a business profile.
    const principal = principalOf(owner, { familyId: 0, activeCompanyId: null });
    const { access, ...gates } = mediaEndpoints.audioList;
    try {
      checkGates(principal, access, gates);
    } catch {
      // Not "forbidden": to a podcast app the feed simply no longer exists.
      throw new AppError('ROUTE_NOT_FOUND');
    }
    return this.access.mediaViewer(principal);
  }

  /** RSS 2.0 with iTunes tags; enclosures point at this feed's own file route. */
  async rss(token: string): Promise<string> {
    const viewer = await this.viewerOf(token);
    const tracks = await this.repository.tracks(viewer);
    const base = this.url(token);
    const items = tracks
      .map(
        (t) => `    <item>
      <title>${xml(t.title)}</title>
      <description>${xml(t.description)}</description>
      <guid isPermaLink="false">legenett-audio-${t.id}</guid>
      <pubDate>${(t.published_at ?? new Date()).toUTCString()}</pubDate>
      <enclosure url="${xml(`${base}/audio/${t.id}`)}" length="${t.size ?? 0}" type="${xml(t.content_type)}"/>
${t.duration_seconds !== null ? `      <itunes:duration>${t.duration_seconds}</itunes:duration>\n` : ''}    </item>`,
      )
      .join('\n');
    return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
  <channel>
    <title>Legenett – lydarkiv</title>
    <link>${xml(`${this.publicUrl}/audio`)}</link>
    <description>Lydarkivet på Legenett, for bekreftet helsepersonell. Personlig strøm: ikke del adressen.</description>
    <language>no</language>
    <itunes:block>Yes</itunes:block>
${items}
  </channel>
</rss>
`;
  }

  async trackFile(token: string, id: number) {
    const viewer = await this.viewerOf(token);
    const file = await this.repository.trackFile(id, viewer);
    if (!file) throw new AppError('ROUTE_NOT_FOUND');
    return file;
  }
}
