// Start-up step: the session's endpoints (the auth contracts) are evaluated; the rest waits for the
// next task (main.tsx).
import { nextTask } from './next-task';

await nextTask();
