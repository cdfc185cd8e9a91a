// Deal sets by QR code: the set itself (word, preset and number
// of deals, as the engine writes it: the state's `duel.qr`) for a friend to
// scan and play, and a result as one short code (the engine's duel_code:
// no seed, no card, about 140 characters for twelve hands) that a friend's
// phone scans and compares hand by hand. The engine writes and checks every
// text; this module only draws and reads the codes.
import { h } from '../lib/dom.js';
import { t } from '../i18n/i18n.js';
import { go, m, onError, session, shellError } from '../context/context.js';
import { loadQr, qrSvg } from '../qr/qr.js';
import { scanQr } from '../qr/qr-scan.js';

// What a friend's phone shows to be scanned: the set in play, or my result.
async function show(kind, text) {
  const d = m().game?.state?.duel;
  if (!d || !text) return;
  await loadQr();
  m().duelQr = { kind, text, set: d.set };
  go('duel-qr');
}

export async function showSetCode() {
  await show('set', m().game?.state?.duel?.qr);
}

export async function showResultCode() {
  const r = await session().query('duel_code', {});
  if (!r.ok) { onError(r.error); return; }
  await show('result', r.result.text);
}

export function renderCode() {
  const { kind, text, set } = m().duelQr;
  const key = kind === 'result' ? 'duel.rqr' : 'duel.qr';
  return h('section', { class: 'duel-qr', dataset: { kind }, 'aria-labelledby': 'duel-qr-heading' },
    h('h2', { id: 'duel-qr-heading', text: t(`${key}.heading`) }),
    h('p', { class: 'note', text: t(`${key}.body`) }),
    h('div', { class: 'qr-box' }, qrSvg(text, t(`${key}.label`, { set }))),
    h('p', { class: 'duel-word' }, h('bdi', { text: set })));
}

// → the text of the first QR code the camera reads, or null when the scan
// was cancelled or the camera would not open (said in `cameraKey`'s words).
// Any code is taken: one that is not the right kind is refused by the
// engine in plain words instead of being ignored without a word.
async function scan(titleKey, cameraKey) {
  try {
    return await scanQr({ accept: (x) => typeof x === 'string' && x.length > 0, labels: { title: t(titleKey), cancel: t('scan.cancel') } });
  } catch {
    shellError(cameraKey);
    return null;
  }
}

// A set's code read off a friend's phone: the engine starts that set (or
// refuses the code, the table in play untouched).
export async function scanSet(start) {
  const text = await scan('duel.scan.title', 'duel.camera');
  if (text != null) await start({ scanned: text });
}

// A friend's result read off their phone, compared with mine.
export async function scanResult(compare) {
  const text = await scan('duel.rscan.title', 'duel.rcamera');
  if (text != null) await compare(text);
}
