import type { Language } from '../../../contracts/messages/index.ts';
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

const CALL_112: Record<Language, string> = {
  es: 'Esto puede ser una urgencia. Llama ahora al 112 (gratuito, las 24 horas) o acude al servicio de urgencias más cercano. No esperes una respuesta del chat: este asistente no puede valorar urgencias.',
  ca: 'Això pot ser una urgència. Truca ara al 112 (gratuït, les 24 hores) o ves al servei d’urgències més proper. No esperis una resposta del xat: aquest assistent no pot valorar urgències.',
  en: 'This may be an emergency. Call 112 now (free, 24 hours a day) or go to the nearest emergency department. Do not wait for an answer from the chat: this assistant cannot assess emergencies.',
};

const ADVICE: Record<Exclude<RedFlag, 'suicidio'>, Record<Language, string>> = {
  dolor_pecho: {
    es: 'Mientras llega la ayuda: siéntate y descansa, afloja la ropa ajustada, no conduzcas y no te quedes solo o sola.',
    ca: 'Mentre arriba l’ajuda: seu i descansa, afluixa la roba ajustada, no condueixis i no et quedis sol o sola.',
    en: 'While help is on its way: sit down and rest, loosen tight clothing, do not drive and do not stay alone.',
  },
  respiracion: {
    es: 'Mientras llega la ayuda: mantén a la persona sentada e incorporada, afloja la ropa y no la dejes sola.',
    ca: 'Mentre arriba l’ajuda: mantén la persona asseguda i incorporada, afluixa-li la roba i no la deixis sola.',
    en: 'While help is on its way: keep the person sitting upright, loosen their clothing and do not leave them alone.',
  },
  ictus: {
    es: 'Pueden ser signos de un ictus (cara torcida, debilidad de un brazo o una pierna, dificultad para hablar): cada minuto cuenta. Anota la hora en que empezaron y no des comida, bebida ni medicamentos.',
    ca: 'Poden ser signes d’un ictus (cara torta, debilitat d’un braç o una cama, dificultat per parlar): cada minut compta. Apunta l’hora en què van començar i no donis menjar, beguda ni medicaments.',
    en: 'These may be signs of a stroke (face drooping, weakness of an arm or a leg, trouble speaking): every minute counts. Note the time they started and give no food, drink or medicines.',
  },
  hemorragia: {
    es: 'Mientras llega la ayuda: presiona la herida con fuerza con un paño limpio sin soltar y, si es posible, eleva la zona.',
    ca: 'Mentre arriba l’ajuda: pressiona la ferida amb força amb un drap net sense deixar-la anar i, si és possible, aixeca la zona.',
    en: 'While help is on its way: press firmly on the wound with a clean cloth without letting go and, if possible, raise the area.',
  },
  inconsciencia: {
    es: 'Comprueba si respira. Si respira, colócala de lado (posición lateral de seguridad); si no respira, el 112 te guiará para empezar la reanimación.',
    ca: 'Comprova si respira. Si respira, posa-la de costat (posició lateral de seguretat); si no respira, el 112 et guiarà per començar la reanimació.',
    en: 'Check whether they are breathing. If they are, lay them on their side (recovery position); if not, 112 will guide you to start resuscitation.',
  },
  anafilaxia: {
    es: 'Si la persona tiene un autoinyector de adrenalina prescrito, úsalo ya. Mantenla sentada si le cuesta respirar, o tumbada con las piernas elevadas si está mareada.',
    ca: 'Si la persona té un autoinjector d’adrenalina prescrit, fes-lo servir ara. Mantén-la asseguda si li costa respirar, o estirada amb les cames aixecades si està marejada.',
    en: 'If the person has a prescribed adrenaline auto-injector, use it now. Keep them sitting up if breathing is hard, or lying down with raised legs if they feel faint.',
  },
  intoxicacion: {
    es: 'No provoques el vómito y guarda el envase del producto o de los medicamentos. También puedes llamar al Servicio de Información Toxicológica: 91 562 04 20.',
    ca: 'No provoquis el vòmit i guarda l’envàs del producte o dels medicaments. També pots trucar al Servei d’Informació Toxicològica: 91 562 04 20.',
    en: 'Do not make the person vomit and keep the packaging of the product or medicines. You can also call the Spanish Toxicology Information Service: 91 562 04 20.',
  },
  convulsiones: {
    es: 'Aparta los objetos peligrosos, protege la cabeza y no pongas nada en la boca. Cuando acabe, coloca a la persona de lado y anota cuánto ha durado.',
    ca: 'Aparta els objectes perillosos, protegeix el cap i no posis res a la boca. Quan acabi, posa la persona de costat i apunta quant ha durat.',
    en: 'Move dangerous objects away, protect the head and put nothing in the mouth. When it stops, lay the person on their side and note how long it lasted.',
  },
  traumatismo: {
    es: 'No muevas a la persona si ha sufrido un golpe fuerte o un accidente, salvo que corra peligro. En una quemadura, enfríala con agua a temperatura ambiente durante 20 minutos.',
    ca: 'No moguis la persona si ha patit un cop fort o un accident, tret que corri perill. En una cremada, refreda-la amb aigua a temperatura ambient durant 20 minuts.',
    en: 'Do not move the person after a hard blow or an accident unless they are in danger. Cool a burn with room-temperature water for 20 minutes.',
  },
};

const SUICIDE: Record<Language, string> = {
  es: 'Lo que sientes importa y no tienes que pasarlo a solas. Llama ahora a la Línea 024 (atención a la conducta suicida: gratuita, confidencial, las 24 horas) o al 112 si estás en peligro inmediato. Si puedes, avisa a alguien de confianza para que esté contigo y aleja cualquier cosa con la que puedas hacerte daño.',
  ca: 'El que sents importa i no ho has de passar sol o sola. Truca ara a la Línia 024 (atenció a la conducta suïcida: gratuïta, confidencial, les 24 hores) o al 112 si estàs en perill immediat. Si pots, avisa algú de confiança perquè estigui amb tu i allunya qualsevol cosa amb què et puguis fer mal.',
  en: 'What you feel matters and you do not have to go through it alone. Call 024 now (Spain’s suicide prevention line: free, confidential, 24 hours a day) or 112 if you are in immediate danger. If you can, ask someone you trust to stay with you and put away anything you could hurt yourself with.',
};

/**
 * The guidance the assistant gives at once, in the user's language: 112 and what to do meanwhile
 * for the first physical red flag, and the 024 line when there are thoughts of suicide (with 112
 * first when something physical is happening too, e.g. pills already taken).
 */
export function emergencyGuidance(flags: readonly RedFlag[], language: Language): string {
  const physical = flags.find((flag): flag is Exclude<RedFlag, 'suicidio'> => flag !== 'suicidio');
  const parts: string[] = [];
  if (physical) parts.push(CALL_112[language], ADVICE[physical][language]);
  if (flags.includes('suicidio')) parts.push(SUICIDE[language]);
  return parts.join('\n\n');
}
