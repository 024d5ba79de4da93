import { z } from 'zod';
import type { Language } from '../../../contracts/messages/index.ts';
import { Bm25Index, tokenize } from './bm25.ts';
import ca from './knowledge/ca.json' with { type: 'json' };
import en from './knowledge/en.json' with { type: 'json' };
import es from './knowledge/es.json' with { type: 'json' };

/**
 * Galeno's curated knowledge base: how to use the clinic and general health information, one
 * file per language with the same entry ids. Health entries recommend booking a visit and say
 * when to call 112; none diagnoses or prescribes.
 */
const entrySchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string().min(3),
  keywords: z.array(z.string().min(1)),
  text: z.string().min(20),
});
export type KnowledgeEntry = z.infer<typeof entrySchema>;

const entries: Record<Language, KnowledgeEntry[]> = {
  es: z.array(entrySchema).parse(es),
  ca: z.array(entrySchema).parse(ca),
  en: z.array(entrySchema).parse(en),
};

/** Below this BM25 score the best entry is not a real answer (tuned on the questions in the tests). */
export const MIN_SCORE = 3;
/** A second entry is suggested when it scores at least this share of the first. */
const RELATED_SHARE = 0.75;

const indexes = new Map<Language, Bm25Index<KnowledgeEntry>>();
/** The terms of each entry's title and keywords: what an answer must share with the question. */
const anchors = new Map<KnowledgeEntry, Set<string>>();
function anchorsOf(entry: KnowledgeEntry, language: Language): Set<string> {
  let terms = anchors.get(entry);
  if (!terms) {
    terms = new Set(tokenize(`${entry.title} ${entry.keywords.join(' ')}`, language));
    anchors.set(entry, terms);
  }
  return terms;
}
function indexFor(language: Language): Bm25Index<KnowledgeEntry> {
  let index = indexes.get(language);
  if (!index) {
    index = new Bm25Index(
      entries[language],
      (entry) => [
        { text: entry.title, weight: 3, topic: true },
        { text: entry.keywords.join(' '), weight: 2, topic: true },
        { text: entry.text, weight: 1 },
      ],
      language,
    );
    indexes.set(language, index);
  }
  return index;
}

export function knowledgeEntries(language: Language): readonly KnowledgeEntry[] {
  return entries[language];
}

export interface KnowledgeMatch {
  entry: KnowledgeEntry;
  score: number;
  related: KnowledgeEntry | undefined;
}

/**
 * The entry that best answers a question, or undefined when none does: the BM25 score must reach
 * MIN_SCORE, and the question must share a term with the entry's title or keywords (words that
 * only appear in the prose, like 'mañana' in the agenda's 'tramos de mañana', are not a topic).
 */
export function searchKnowledge(question: string, language: Language): KnowledgeMatch | undefined {
  const hits = indexFor(language)
    .search(question, 5)
    .filter((hit) => hit.score >= MIN_SCORE && hit.matched.some((term) => anchorsOf(hit.document, language).has(term)));
  const [best, second] = hits;
  if (!best) return undefined;
  const related = second && second.score >= best.score * RELATED_SHARE ? second.document : undefined;
  return { entry: best.document, score: best.score, related };
}
