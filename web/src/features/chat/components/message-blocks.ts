/**
 * A message as blocks to draw: paragraphs, and the simple lists people and models write
 * ('- item', '* item', '• item' lines; '1. item' or '1) item' lines). Text stays text: React
 * escapes it when drawing, nothing is ever inserted as HTML.
 */
export type MessageBlock =
  | { type: 'paragraph'; lines: string[] }
  | { type: 'bullets'; items: string[] }
  | { type: 'numbers'; items: string[]; start: number };

const BULLET = /^\s*[-*•]\s+(.*)$/;
const NUMBER = /^\s*(\d{1,3})[.)]\s+(.*)$/;

export function messageBlocks(text: string): MessageBlock[] {
  const blocks: MessageBlock[] = [];
  const last = () => blocks.at(-1);
  for (const line of text.replace(/\r\n/g, '\n').split('\n')) {
    const bullet = BULLET.exec(line);
    const number = NUMBER.exec(line);
    const current = last();
    if (bullet) {
      if (current?.type === 'bullets') current.items.push(bullet[1] ?? '');
      else blocks.push({ type: 'bullets', items: [bullet[1] ?? ''] });
    } else if (number) {
      if (current?.type === 'numbers') current.items.push(number[2] ?? '');
      else blocks.push({ type: 'numbers', items: [number[2] ?? ''], start: Number(number[1]) });
    } else if (line.trim() === '') {
      // A blank line ends a paragraph or a list.
      if (current && !(current.type === 'paragraph' && current.lines.length === 0)) blocks.push({ type: 'paragraph', lines: [] });
    } else if (current?.type === 'paragraph') {
      current.lines.push(line);
    } else {
      blocks.push({ type: 'paragraph', lines: [line] });
    }
  }
  return blocks.filter((block) => block.type !== 'paragraph' || block.lines.length > 0);
}

/** Splits '**bold**' spans out of a line, the one inline emphasis models use all the time. */
export function emphasis(line: string): { text: string; strong: boolean }[] {
  const parts: { text: string; strong: boolean }[] = [];
  const pattern = /\*\*(.+?)\*\*/g;
  let from = 0;
  for (let match = pattern.exec(line); match; match = pattern.exec(line)) {
    if (match.index > from) parts.push({ text: line.slice(from, match.index), strong: false });
    parts.push({ text: match[1] ?? '', strong: true });
    from = match.index + match[0].length;
  }
  if (from < line.length) parts.push({ text: line.slice(from), strong: false });
  return parts;
}
