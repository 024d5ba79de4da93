import { describe, expect, it } from 'vitest';
import { createEventParser } from '../api/sse.ts';
import { emphasis, messageBlocks } from './message-blocks.ts';

describe('message blocks', () => {
  it('turns "- item" and "1. item" lines into lists and keeps paragraphs', () => {
    expect(messageBlocks('Para pedir cita:\n1. Entra.\n2. Elige médico.\n\nConsejos:\n- Agua\n* Descanso\n\nFuente: «Fiebre»')).toEqual([
      { type: 'paragraph', lines: ['Para pedir cita:'] },
      { type: 'numbers', items: ['Entra.', 'Elige médico.'], start: 1 },
      { type: 'paragraph', lines: ['Consejos:'] },
      { type: 'bullets', items: ['Agua', 'Descanso'] },
      { type: 'paragraph', lines: ['Fuente: «Fiebre»'] },
    ]);
  });

  it('keeps markup as plain text (React escapes it)', () => {
    expect(messageBlocks('<script>alert(1)</script>')).toEqual([{ type: 'paragraph', lines: ['<script>alert(1)</script>'] }]);
  });

  it('does not take a hyphenated word or a year for a list', () => {
    expect(messageBlocks('Un 2026 tranquilo\nbien-estar')).toEqual([{ type: 'paragraph', lines: ['Un 2026 tranquilo', 'bien-estar'] }]);
  });

  it('splits **bold** spans', () => {
    expect(emphasis('Llama al **112** ya')).toEqual([
      { text: 'Llama al ', strong: false },
      { text: '112', strong: true },
      { text: ' ya', strong: false },
    ]);
  });
});

describe('server-sent events parser', () => {
  it('reads events split anywhere across pieces and skips comments', () => {
    const events: unknown[] = [];
    const parser = createEventParser((event) => events.push(event));
    const stream = ': galeno\n\nevent: chat\ndata: {"id_chat":3,"nombre_chat":"Consulta"}\n\nevent: delta\ndata: {"content":"Ho"}\n\n: keep-alive\n\nevent: delta\ndata: {"content":"la"}\n\nevent: fin\ndata: {"response":"Hola","id_chat":3,"nombre_chat":"Consulta","tipo":"respuesta"}\n\n';
    for (let i = 0; i < stream.length; i += 7) parser.push(stream.slice(i, i + 7));
    parser.end();
    expect(events).toEqual([
      { event: 'chat', data: { id_chat: 3, nombre_chat: 'Consulta' } },
      { event: 'delta', data: { content: 'Ho' } },
      { event: 'delta', data: { content: 'la' } },
      { event: 'fin', data: { response: 'Hola', id_chat: 3, nombre_chat: 'Consulta', tipo: 'respuesta' } },
    ]);
  });
});
