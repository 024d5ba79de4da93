import { SegmentedMessage } from 'sms-segments-calculator';

export interface SmsParts {
  /** GSM-7 when every character is in the GSM alphabet (160 per part), else UCS-2 (70 per part). */
  encoding: 'GSM-7' | 'UCS-2';
  /** How many messages the operator bills for it. */
  parts: number;
}

/** How a text travels as an SMS: its alphabet and how many parts it takes. */
export function smsParts(text: string): SmsParts {
  const message = new SegmentedMessage(text, 'auto');
  return { encoding: message.encodingName === 'GSM-7' ? 'GSM-7' : 'UCS-2', parts: message.segmentsCount };
}

/**
 * The same text in GSM-7 where a look-alike exists ('’' -> "'", '«' -> '"', '–' -> '-'), so that a
 * curly apostrophe does not halve what fits in each part. Accented Spanish and Catalan letters the
 * GSM alphabet lacks (á, í, ó, ú, ç, à...) stay: a name written wrong is worse than a second part.
 */
export function preferGsm7(text: string): string {
  return text
    .replace(/[‘’´`]/g, "'")
    .replace(/[“”«»]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/…/g, '...')
    .replace(/\u00a0/g, ' ');
}
