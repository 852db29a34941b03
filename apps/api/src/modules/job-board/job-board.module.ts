import { Module } from '@nestjs/common';
import { JobBoardController } from './job-board.controller';
import { JobBoardRepository } from './job-board.repository';
import { JobBoardService } from './job-board.service';

/** The jobs board (spec points 3 and 7). Not `JobsModule`: that is the background job queue. */
@Module({
  controllers: [JobBoardController],
  providers: [JobBoardService, JobBoardRepository],
})
export class JobBoardModule {}
