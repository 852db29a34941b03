// Start-up step: React DOM, Mantine and the app's modules are evaluated; the router module and
// main.tsx's own code follow in the next task.
import { nextTask } from './next-task';

await nextTask();
