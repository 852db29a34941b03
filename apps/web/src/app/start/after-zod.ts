// Start-up step: the validation library is evaluated (its classes and messages, no schema yet); the
// rest of the start-up chunk waits for the next task (main.tsx).
import { nextTask } from './next-task';

await nextTask();
