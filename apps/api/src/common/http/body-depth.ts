import { type NextFunction, type Request, type Response } from 'express';
import { AppError } from '../errors/app-error';

/** No form or API payload of ours nests deeper than this; hostile bodies nest thousands deep. */
export const MAX_BODY_DEPTH = 32;

/** Nesting depth of a parsed JSON value, without recursion (a deep value must not exhaust the stack). */
export function exceedsDepth(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (current === null || typeof current !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Array.isArray(current) ? current : Object.values(current)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}

/** Refuses (422) a parsed body nested deeper than `max`, before anything walks it recursively. */
export function rejectDeepBodies(max = MAX_BODY_DEPTH) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    next(exceedsDepth(req.body, max) ? new AppError('BODY_TOO_DEEP') : undefined);
  };
}
