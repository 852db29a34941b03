// Start-up step: zod and the contracts the shell validates stored and answered data with are
// evaluated; the rest of the start-up chunk waits for the next task (main.tsx).
import { nextTask } from './next-task';

await nextTask();
