import type { Language } from '../../../contracts/messages/index.ts';
import { normalizeText } from './text.ts';

/**
 * Okapi BM25 over a small set of documents, with accent- and case-insensitive tokens, stop words
 * removed and a light stemmer (plural and gender endings off, then the first six letters), so
 * 'Vacunación', 'vacunas' and 'vacuna' meet, as do 'allergies' and 'allergic'.
 */

const STOP_WORDS: Record<Language, Set<string>> = {
  es: new Set(
    `a al algo algun alguna algunas alguno algunos ante antes aqui asi aun bien cada como con contra cual cuales cuando cuanto cuantos de debo debe del desde donde durante e el ella ellas ellos en entre era eres es esa ese eso esta estan estar estas este esto estos estoy fue ha hace hacer han has hay he hasta la las le les lo los mas me mi mis mucho muy nada ni no nos nosotros o os otra otro para pero poco por porque puede puedo pues que quien quiero quisiera se sea ser si sin sobre soy su sus tambien te tengo tiene tener ti tu tus un una unas uno unos usted y ya yo`.split(' '),
  ),
  ca: new Set(
    `a al als amb ara aquest aquesta aquests aquestes aixo aqui be cal com de del dels des doncs el ella ells em en ens entre era es esta estic et fer fins ha han has he hi ho i jo la les li lo mes meu meva molt ni no nosaltres o on per pero perque poc pot puc que qui quin quina quins quines se seu seva si sobre soc son te tens teu teva tinc tu un una uns unes vosaltres vull ja`.split(' '),
  ),
  en: new Set(
    `a about am an and any are as at be been being but by can could did do does for from get got had has have how i if in into is it its me my no not of on or our please should so some that the their them there they this to too us very was we were what when where which who why will with would you your`.split(' '),
  ),
};

function stem(token: string, language: Language): string {
  let word = token;
  if (language === 'en') {
    if (word.endsWith('ies') && word.length > 4) word = `${word.slice(0, -3)}y`;
    else if (word.endsWith('ing') && word.length > 5) word = word.slice(0, -3);
    else if (word.endsWith('ed') && word.length > 4) word = word.slice(0, -2);
    else if (word.endsWith('s') && !word.endsWith('ss') && word.length > 3) word = word.slice(0, -1);
  } else {
    if (word.endsWith('s') && word.length > 4) word = word.slice(0, -1);
    // Infinitives meet the other forms of the verb: demanar/demano, cancelar/cancelo.
    if (/[aei]r$/.test(word) && word.length > 5) word = word.slice(0, -1);
    if (/[aeo]$/.test(word) && word.length > 3) word = word.slice(0, -1);
  }
  return word.slice(0, 6);
}

/** The search terms of a text in a language. */
export function tokenize(text: string, language: Language): string[] {
  const stop = STOP_WORDS[language];
  return normalizeText(text)
    .split(' ')
    .filter((token) => token.length > 1 && !stop.has(token))
    .map((token) => stem(token, language));
}

export interface Bm25Hit<T> {
  document: T;
  score: number;
  /** The query terms the document contains. */
  matched: string[];
}

export interface Bm25Field {
  text: string;
  /** How many times a term here counts (a title counts more than prose). */
  weight: number;
  /** A field that says what the document is about (title, keywords): the terms' rarity is measured there. */
  topic?: boolean;
}

/**
 * A BM25 index over weighted fields. One twist for a curated knowledge base: a term's document
 * frequency (its idf) is counted over the topic fields when it appears in any, so boilerplate
 * every entry repeats in its prose ('pide cita con tu médico') does not drown the one entry that
 * is about booking. Terms found only in prose keep their usual document frequency.
 */
export class Bm25Index<T> {
  readonly #documents: { item: T; terms: Map<string, number>; length: number }[] = [];
  readonly #idf = new Map<string, number>();
  readonly #averageLength: number;
  readonly #language: Language;
  readonly #k1: number;
  readonly #b: number;

  constructor(items: readonly T[], fields: (item: T) => Bm25Field[], language: Language, options: { k1?: number; b?: number } = {}) {
    this.#language = language;
    this.#k1 = options.k1 ?? 1.2;
    this.#b = options.b ?? 0.75;
    const topicFrequency = new Map<string, number>();
    const anyFrequency = new Map<string, number>();
    const count = (table: Map<string, number>, terms: Iterable<string>) => {
      for (const term of terms) table.set(term, (table.get(term) ?? 0) + 1);
    };
    let total = 0;
    for (const item of items) {
      const terms = new Map<string, number>();
      const topicTerms = new Set<string>();
      let length = 0;
      for (const field of fields(item)) {
        for (const term of tokenize(field.text, language)) {
          terms.set(term, (terms.get(term) ?? 0) + field.weight);
          length += field.weight;
          if (field.topic) topicTerms.add(term);
        }
      }
      count(anyFrequency, terms.keys());
      count(topicFrequency, topicTerms);
      this.#documents.push({ item, terms, length });
      total += length;
    }
    this.#averageLength = this.#documents.length > 0 ? total / this.#documents.length : 0;
    const size = this.#documents.length;
    for (const [term, frequency] of anyFrequency) {
      const n = topicFrequency.get(term) ?? frequency;
      this.#idf.set(term, Math.log(1 + (size - n + 0.5) / (n + 0.5)));
    }
  }

  /** Documents that share a term with the query, best first. */
  search(query: string, limit = 3): Bm25Hit<T>[] {
    const terms = [...new Set(tokenize(query, this.#language))];
    const hits: Bm25Hit<T>[] = [];
    for (const document of this.#documents) {
      let score = 0;
      const matched: string[] = [];
      const norm = this.#k1 * (1 - this.#b + (this.#b * document.length) / this.#averageLength);
      for (const term of terms) {
        const frequency = document.terms.get(term);
        if (!frequency) continue;
        matched.push(term);
        score += ((this.#idf.get(term) ?? 0) * frequency * (this.#k1 + 1)) / (frequency + norm);
      }
      if (score > 0) hits.push({ document: document.item, score, matched });
    }
    return hits.sort((a, b) => b.score - a.score).slice(0, limit);
  }
}
