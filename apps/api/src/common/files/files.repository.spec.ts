import { schema } from '@legenett/db';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { fileReferences } from './files.repository';

describe('fileReferences', () => {
  it('finds every column that points at stored_files from the schema itself', () => {
    const names = fileReferences().map((c) => `${getTableConfig(c.table).name}.${c.name}`);
    expect(names.sort()).toEqual(
      [
        'courses.video_file_id',
        'jobs.company_logo_file_id',
        'message_attachments.file_id',
        'partner_companies.background_file_id',
        'partner_companies.logo_file_id',
        'petition_attachments.file_id',
        'petition_press_releases.pdf_file_id',
        'post_attachments.file_id',
        'product_images.file_id',
        'users.avatar_file_id',
        'users.background_file_id',
        'videos.file_id',
        'videos.poster_file_id',
        'videos.captions_file_id',
        'audio_tracks.file_id',
        'audio_tracks.poster_file_id',
        'audio_tracks.captions_file_id',
      ].sort(),
    );
    // Its own variant link is not a use.
    expect(fileReferences().some((c) => c === schema.storedFiles.original_id)).toBe(false);
  });
});
