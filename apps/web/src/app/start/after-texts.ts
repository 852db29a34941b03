// Start-up step: i18next and the shell's catalogue are set up; the rest waits for the next task
// (main.tsx).
import { nextTask } from './next-task';

await nextTask();
