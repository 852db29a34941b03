import { type IncomingMessage } from 'node:http';

/**
 * Reads an event stream's answer (`text/event-stream`) as its blocks, each the text between two blank
 * lines (`id: 5\nevent: chat\ndata: {...}`, or a comment such as `: open`), in order, as they arrive.
 */
export function onEventBlocks(res: IncomingMessage, onBlock: (block: string) => void): void {
  res.setEncoding('utf8');
  let buffer = '';
  res.on('data', (chunk: string) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      onBlock(block);
    }
  });
}
