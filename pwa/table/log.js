// How the table's events read: a seat's name, and a log entry as a
// sentence — on the table's log, in the Spielliste and in what a screen
// reader is told after a move.
import { has, t } from '../i18n/i18n.js';
import { cardName } from './cards.js';

export function nameOf(view, seat) {
  return view.players.find((p) => p.seat === seat)?.name ?? t('start.seat', { seat });
}

export function describeLog(view, entry) {
  const name = nameOf(view, entry.seat);
  switch (entry.type) {
    case 'knock': return t(entry.auto ? 'log.knockAuto' : entry.blind ? 'log.knockBlind' : 'log.knock', { name, value: entry.value });
    case 'win': return t('log.win', { name });
    case 'exchange': return t('log.exchange', { name });
    case 'penalty': return has(`log.penalty.${entry.kind}`) ? t(`log.penalty.${entry.kind}`, { name })
      : t('log.other', { name, type: `${entry.type} ${entry.kind}` });
    case 'hold': return t('log.hold', { name });
    case 'pass': return t('log.pass', { name });
    case 'look': return t('log.look', { name });
    case 'play': return t('log.play', { name, card: cardName(entry.card) });
    case 'discard': return entry.card ? t('log.discardCard', { name, card: cardName(entry.card) }) : t('log.discard', { name });
    case 'turn': return turnText(view, entry, name);
    case 'challenge': return t('log.challenge', { name, target: nameOf(view, entry.target) });
    case 'redeal': return t('log.redeal', { name });
    case 'agree': return t('log.agree', { name });
    case 'refuse': return t('log.refuse', { name });
    default: return t('log.other', { name, type: entry.type });
  }
}

// A turned discard, and what it cost whom (the engine's `charged`/`cost`).
function turnText(view, entry, name) {
  const target = nameOf(view, entry.target);
  const turned = entry.card ? t('log.turn', { name, target, card: cardName(entry.card) })
    : t('log.turnIndex', { name, target, index: entry.index });
  if (entry.charged == null || !entry.cost) return turned;
  return `${turned} ${t(entry.charged === entry.target ? 'log.turnBluff' : 'log.turnWrong', {
    name: nameOf(view, entry.charged), cost: entry.cost })}`;
}
