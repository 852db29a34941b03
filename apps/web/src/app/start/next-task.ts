/**
 * Resolves in a task of its own: the browser may paint, take input and run other tasks in between.
 * The start-up steps (`after-*.ts`, imported in order by `main.tsx`) await it at their top level.
 */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
