// What the screens of a table of phones and of a followed Spielliste say
// when two phones may not find each other: the camera's answer, a code that
// does not fit, a connection that did not come up (what was seen, what to
// do, and one tap to try again). The words are i18n/phone.js's.
import { h } from '../lib/dom.js';
import { both, t } from '../i18n/i18n.js';
import { CONNECT_MS } from './table-link.js';

const tt = (key, vars) => t(`phone.${key}`, vars);

// An error of the shell's own, in both languages like the engine's.
export function linkError(key, vars = {}) {
  return { kind: 'ShellError', code: `phone.${key}`, ...both(`phone.${key}`, vars) };
}

// A code that readCode refused (CodeError.why), for a text meant to be
// `type` ('offer' | 'answer').
export function codeError(error, type) {
  switch (error?.why) {
    case 'kind': return linkError(`err.kind.${type}`);
    case 'newer': return linkError('err.newer');
    case 'older': return linkError('err.older');
    case 'long': return linkError('err.long');
    default: return linkError(type === 'offer' ? 'err.offer' : 'err.answer');
  }
}

// The phone's state of connecting, for tests and styles: 'waiting',
// 'connected' or 'failed' (html[data-link]).
export function markLink(value) {
  if (value) document.documentElement.dataset.link = value;
  else delete document.documentElement.dataset.link;
}

// Under the steps: what the camera's answer means for joining.
// camera: 'asking' | 'allowed' | 'blocked' | 'none' | undefined.
export function cameraNote(camera) {
  if (camera === 'asking') return h('p', { role: 'status', class: 'note camera-note', dataset: { camera }, text: tt('camera.asking') });
  if (camera === 'blocked' || camera === 'none') {
    return h('p', { role: 'status', class: 'note camera-note', dataset: { camera }, text: tt(`camera.${camera}`) });
  }
  return null;
}

// The steps' sentence on the network every phone must share.
export function networkNote() {
  return h('p', { class: 'note phone-network', text: tt('network') });
}

// A connection that did not come up: what was seen, what to do, one tap.
// head: the first sentence (who could not be reached); reasons: from
// linkTrouble; retry: the button's dataset.
// camera: this phone's answer when the camera was asked: once it was
// allowed, the advice does not ask for it again.
export function troubleAlert({ head, reasons, retry, retryText, camera }) {
  return h('div', { class: 'link-trouble', role: 'alert', dataset: { reasons: reasons.join(' ') } },
    h('p', { text: head }),
    h('ul', {}, reasons.map((r) => h('li', { text: tt(`fail.${r}`) }))),
    h('p', { text: tt(camera === 'allowed' ? 'fail.todo.allowed' : 'fail.todo') }),
    h('button', { type: 'button', class: 'primary', dataset: retry, text: retryText }));
}

export const CONNECT_SECONDS = Math.round(CONNECT_MS / 1000);
