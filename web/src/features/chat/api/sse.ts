import type { ChatStreamEvent } from '../../../../../contracts/chat.ts';

/**
 * Reads server-sent events as they arrive in pieces: text may break anywhere, even inside an
 * event. Comment lines (keep-alives) and unknown events are skipped.
 */
export function createEventParser(onEvent: (event: ChatStreamEvent) => void) {
  let buffer = '';
  const dispatch = (block: string) => {
    let name = 'message';
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith('event:')) name = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (data.length === 0 || !['chat', 'delta', 'fin', 'error'].includes(name)) return;
    onEvent({ event: name, data: JSON.parse(data.join('\n')) as unknown } as ChatStreamEvent);
  };
  return {
    push(text: string) {
      buffer += text;
      let end = buffer.search(/\r?\n\r?\n/);
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, '');
        dispatch(block);
        end = buffer.search(/\r?\n\r?\n/);
      }
    },
    /** Whatever is left when the stream ends. */
    end() {
      if (buffer.trim()) dispatch(buffer);
      buffer = '';
    },
  };
}
