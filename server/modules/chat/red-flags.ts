import type { Language } from '../../../contracts/messages/index.ts';
import { textsFor } from '../../lib/texts.ts';
import { normalizeText } from './text.ts';

/**
 * Red flags: words that describe a possible emergency. A message that has one is answered at once
 * with emergency guidance and never reaches a model. The lists cover es, ca and en whatever the
 * user's language (people write in the language they think in). A false alarm costs a paragraph;
 * a missed one could cost much more, so patterns lean towards catching.
 *
 * Patterns run on normalizeText() output: lower case, no accents, single spaces, no punctuation.
 */
export type RedFlag =
  | 'dolor_pecho'
  | 'respiracion'
  | 'ictus'
  | 'hemorragia'
  | 'inconsciencia'
  | 'anafilaxia'
  | 'suicidio'
  | 'intoxicacion'
  | 'convulsiones'
  | 'traumatismo';

/** Up to `words` words between two parts of a phrase ("dolor muy fuerte en el pecho"). */
const gap = (words = 3) => `(?:\\S+ ){0,${words}}`;
const w = (pattern: string) => new RegExp(`\\b(?:${pattern})\\b`);

interface Patterns {
  /** Descriptions of what is happening: always a red flag. */
  strong: RegExp[];
  /** Names of an emergency ('infarto', 'stroke'): a red flag unless the message asks about prevention or meaning. */
  named?: RegExp[];
}

/** "¿Qué es un ictus?", "how to prevent a heart attack": general questions, not an emergency in progress. */
const INFORMATIONAL = w(
  'que es|que son|que significa|prevenir|prevencion|evitar|factores de riesgo|riesgo de|que vol dir|prevencio|previndre|risc de|what is|what are|what does|prevent|prevention|avoid|risk of|risk factors',
);

const PATTERNS: Record<RedFlag, Patterns> = {
  dolor_pecho: {
    strong: [
      w(`dolor ${gap()}(?:en el|del|de|al) pecho`),
      w(`(?:me duele|le duele|duele|opresion|presion|me aprieta|pinchazo) ${gap()}(?:el|en el|del) pecho`),
      w('dolor toracico|me esta dando un infarto|creo que (?:es|tengo) un infarto'),
      w(`dolor ${gap()}(?:al|de|del) pit`),
      w(`(?:em fa mal|li fa mal|opressio|pressio) ${gap()}(?:el|al|del) pit`),
      w(`chest ${gap(2)}(?:pain|pains|tightness|pressure|hurts|hurting)`),
      w(`(?:pain|pressure|tightness|crushing) ${gap(2)}in ${gap(1)}chest`),
      w('tight chest|having a heart attack'),
    ],
    named: [w('infarto|ataque al corazon|ataque cardiaco|parada cardiaca|infart|atac de cor|atac cardiac|aturada cardiaca|heart attack|cardiac arrest')],
  },
  respiracion: {
    strong: [
      w(`(?:no puedo|no puede|no pot|no puc|me cuesta|le cuesta|em costa|li costa) ${gap(1)}respirar`),
      w('dificultad (?:para|al) respirar|falta de aire|me ahogo|se ahoga|ahogandome|se esta ahogando|no respira'),
      w('dificultat (?:per|a l hora de) respirar|falta d aire|m ofego|s ofega|m estic ofegant|s esta ofegant'),
      w(`(?:can t|cannot|can not|couldn t|struggling to|hard to|trouble|difficulty|not|stopped) ${gap(1)}breath(?:e|ing)`),
      w('short(?:ness)? of breath|choking|gasping for (?:air|breath)'),
      w('labios (?:azules|morados)|llavis (?:blaus|morats)|lips (?:are |turning )?(?:blue|purple)'),
    ],
  },
  ictus: {
    strong: [
      w(`(?:boca|cara) ${gap(1)}(?:torcida|caida|paralizada|dormida|torta|caiguda|paralitzada)`),
      w(`(?:no puedo|no puede|no puc|no pot) ${gap(1)}(?:mover|moure|levantar|aixecar) ${gap(2)}(?:brazo|pierna|lado|brac|cama|costat)`),
      w('(?:no puedo|no puede) hablar bien|habla (?:rara|raro|arrastrada|trabada|mal de repente)|(?:no puc|no pot) parlar be|parla (?:estranya|arrossegada|rara)'),
      w(`(?:hormigueo|debilidad|paralisis|formigueig|debilitat|paralisi) ${gap(2)}(?:un lado|medio cuerpo|mitad del cuerpo|un costat|mig cos|meitat del cos)`),
      w('peor dolor de cabeza de mi vida|pitjor mal de cap de la meva vida|worst headache of my life'),
      w('face (?:is )?droop(?:ing|s|ed)?|drooping face|facial droop|slurred speech|slurring (?:my|his|her|their) words|suddenly can t speak'),
      w(`(?:can t|cannot|can not) ${gap(1)}(?:move|lift|feel) ${gap(2)}(?:arm|leg|side)`),
      w(`(?:numb|weak|paralys(?:ed|is)) ${gap(2)}(?:one side|half of)`),
    ],
    named: [w('ictus|derrame cerebral|embolia cerebral|accidente cerebrovascular|vessament cerebral|accident cerebrovascular|stroke')],
  },
  hemorragia: {
    strong: [
      w(`sangr(?:ado|a|o|ando) ${gap(2)}(?:abundante|mucho|muchisimo|sin parar|no para|intenso|a chorro)`),
      w('no (?:para|deja) de sangrar|mucha sangre|tengo una hemorragia'),
      w(`(?:vomit\\S*|tos|toso|tosiendo|escup\\S*) ${gap(1)}sangre`),
      w(`sagn(?:at|a|o|ant) ${gap(2)}(?:abundant|molt|sense parar|no para|intens)`),
      w('no para de sagnar|molta sang|tinc una hemorragia'),
      w(`(?:vomit\\S*|tus|tosso|tossint|escup\\S*) ${gap(1)}sang`),
      w(`bleed(?:ing|s)? ${gap(2)}(?:heavily|a lot|badly|won t stop|will not stop|nonstop|profusely)`),
      w('(?:heavy|severe|uncontrolled|massive) bleeding|won t stop bleeding|can t stop (?:the )?bleeding|lots of blood'),
      w(`(?:vomit\\S*|cough\\S*|spit\\S*) ${gap(1)}blood`),
    ],
    named: [w('hemorragia|haemorrhage|hemorrhage|hemorrhaging')],
  },
  inconsciencia: {
    strong: [
      w('inconsciente|inconscient|unconscious|unresponsive'),
      w(`(?:perdido|perdio|perdida|perdua|perdut|lost) ${gap(2)}(?:el conocimiento|de conocimiento|el coneixement|de coneixement|consciousness)`),
      w('se ha desmayado|me he desmayado|se desmayo|me desmaye|s ha desmaiat|m he desmaiat|es va desmaiar|passed out|fainted|collapsed'),
      w('no se despierta|no es desperta|won t wake up|will not wake up|can t wake (?:him|her|them) up'),
      w('no (?:responde|reacciona) (?:a nada|al hablarle|cuando le hablo|si le hablo|si le llamo|si la llamo|si lo llamo)|no respon (?:a res|quan li parlo)'),
    ],
  },
  anafilaxia: {
    strong: [
      w('anafilaxia|anafilaxi|anafilactic\\S*|anaphyla\\S*'),
      w(`(?:hinch\\S*|inflor|inflat|inflada|s infla|m infla|swell\\S*|swollen) ${gap(3)}(?:garganta|lengua|labios|gola|llengua|llavis|throat|tongue|lips)`),
      w(`(?:garganta|lengua|labios|gola|llengua|llavis|throat|tongue|lips) ${gap(2)}(?:hinch\\S*|inflada|inflat|s infla|swell\\S*|swollen|closing)`),
      w('se me cierra la garganta|se m tanca la gola'),
      w('reaccion alergica (?:grave|fuerte|severa)|reaccio allergica (?:greu|forta|severa)|severe allergic reaction'),
      w('epipen|autoinyector|autoinjector|auto injector'),
    ],
  },
  suicidio: {
    strong: [
      w('suicid\\S*|autolesi\\S*|self harm\\S*|selfharm\\S*'),
      w('quiero morir(?:me)?|me quiero (?:morir|matar)|quiero matarme|matarme|quitarme la vida|acabar con mi vida|no quiero (?:seguir )?vivir|no vale la pena vivir|(?:quiero|pienso en|ganas de) hacerme dano'),
      w('vull morir|em vull (?:morir|matar)|matar me|treure m la vida|acabar amb (?:la meva vida|tot)|no vull (?:seguir )?viure|(?:vull|penso en|ganes de) fer me mal'),
      w('(?:want|going) to (?:die|end (?:it all|my life))|kill myself|end my life|take my (?:own )?life|don t want to (?:live|be alive)|(?:want to|going to|thinking (?:about|of)|thoughts of|urge to) (?:hurt|harm|cut|kill)(?:ing)? myself|better off dead'),
    ],
  },
  intoxicacion: {
    strong: [
      w('intoxicacion(?! alimentaria)|intoxicado|intoxicada|envenenamiento|envenenado|envenenada|veneno|sobredosis'),
      w('intoxicacio(?! alimentaria)|intoxicat|enverinament|enverinat|enverinada|veri|sobredosi'),
      w('(?<!food )poison(?:ed|ing)?|overdos\\S*'),
      w(`(?:tomado|tomo|bebido|bebio|tragado|trago|pres|begut|empassat|ingerido) ${gap(2)}(?:lejia|lleixiu|amoniaco|amoniac|salfuman|desatascador|desembussador)`),
      w(`(?:una|la|toda la) caja (?:entera )?de pastillas|(?:un|el) bote (?:entero )?de pastillas|todas las pastillas|demasiadas pastillas`),
      w('(?:una|la) capsa (?:sencera )?de pastilles|totes les pastilles|massa pastilles'),
      w(`(?:swallowed|drank|drunk|ate) ${gap(2)}(?:bleach|detergent|antifreeze|drain cleaner)|took (?:a|the) whole (?:box|bottle|pack)|too many (?:pills|tablets)`),
    ],
  },
  convulsiones: {
    strong: [
      w('convulsion\\S*|convulsio\\S*|convulsing|seizure\\S*'),
      w('ataque epileptico|crisis epileptica|atac epileptic|crisi epileptica|epileptic (?:fit|attack)|having a fit'),
    ],
  },
  traumatismo: {
    strong: [
      w(`golpe (?:muy )?(?:fuerte|grave) ${gap(2)}cabeza|golpazo ${gap(2)}cabeza|traumatismo (?:craneal|craneoencefalico)`),
      w('cop (?:molt )?(?:fort|greu) (?:al|a el) cap|traumatisme (?:cranial|cranioencefalic)'),
      w('quemadura (?:grave|extensa)|quemaduras (?:graves|extensas)|cremada (?:greu|extensa)|cremades (?:greus|extenses)|severe burns?'),
      w('accidente (?:de trafico|grave|de coche|de moto)|accident (?:de transit|greu|de cotxe|de moto)|car crash|car accident|serious accident'),
      w('fractura abierta|fractura oberta|open fracture|bone sticking out|hueso (?:que )?sale|os que surt'),
      w(`(?:hit|banged|struck) ${gap(2)}head (?:hard|badly)|head injury|fell and hit (?:my|his|her|their) head`),
    ],
  },
};

/** Every red flag a message raises (empty when none). */
export function detectRedFlags(message: string): RedFlag[] {
  const text = normalizeText(message);
  const informational = INFORMATIONAL.test(text);
  return (Object.entries(PATTERNS) as [RedFlag, Patterns][])
    .filter(
      ([, patterns]) =>
        patterns.strong.some((pattern) => pattern.test(text)) ||
        (!informational && (patterns.named ?? []).some((pattern) => pattern.test(text))),
    )
    .map(([flag]) => flag);
}

/**
 * The guidance the assistant gives at once, in the user's language: 112 and what to do meanwhile
 * for the first physical red flag, and the 024 line when there are thoughts of suicide (with 112
 * first when something physical is happening too, e.g. pills already taken).
 */
export function emergencyGuidance(flags: readonly RedFlag[], language: Language): string {
  const t = textsFor('assistant', language);
  const physical = flags.find((flag): flag is Exclude<RedFlag, 'suicidio'> => flag !== 'suicidio');
  const parts: string[] = [];
  if (physical) parts.push(t('emergency_call_112'), t(`emergency_advice_${physical}`));
  if (flags.includes('suicidio')) parts.push(t('emergency_suicide'));
  return parts.join('\n\n');
}
