// What other modules may use of notifications (eslint: a module imports another only through its index.ts).
export { NotificationsModule } from './notifications.module';
export { NotificationPublisher } from './notification.publisher';
export { NotificationPreferencesService } from './notification-preferences.service';
export { NotificationsService } from './notifications.service';
export { StreamSources, type StreamMark, type StreamSource, type StreamWrite } from './stream-sources';
export { renderDigest, type DigestView } from './digest/digest-template';
export { type DigestSectionContent } from './digest/digest-sections';
export { contentsByReader, digestDate, digestText, DigestSections, type DigestReader, type DigestSection } from './digest/digest-sections';
export { digestReaders, digestRowsByReader, type DigestSectionReader, rowsByReader } from './digest/digest-sql';
export { digestSection, type DigestRowsSource, type RowsDigestSection } from './digest/digest-section.provider';
