// A knock on the table: synthesised, so the app ships no audio file and works
// before anything but the shell is cached.
import { settings } from '../pages/settings.js';

let ctx = null;
let sleepTimer = null;

// A running audio context keeps the audio path working while it only
// plays silence: measured in Chromium, about 3% of a core for as long as it
// runs, all evening in the pub. It runs only while a knock sounds: started
// within a touch once (warmUp), a page may start it again later without one.
const AWAKE_AFTER_SOUND_MS = 1000;

function sleepAfter(ac, seconds) {
  clearTimeout(sleepTimer);
  sleepTimer = setTimeout(() => {
    if (ac.state === 'running') ac.suspend().catch(() => {});
  }, seconds * 1000 + AWAKE_AFTER_SOUND_MS);
}

function wake(ac) {
  if (ac.state !== 'running') ac.resume().catch(() => {});
}

function audio() {
  if (ctx) return ctx;
  const Ctx = window.AudioContext || window.webkitAudioContext;
  if (!Ctx) return null;
  try { ctx = new Ctx(); } catch { ctx = null; }
  return ctx;
}

// Two knuckle raps: a short low thump plus a burst of filtered noise each.
function rap(ac, at) {
  const thump = ac.createOscillator();
  const thumpGain = ac.createGain();
  thump.type = 'sine';
  thump.frequency.setValueAtTime(150, at);
  thump.frequency.exponentialRampToValueAtTime(60, at + 0.09);
  thumpGain.gain.setValueAtTime(0.9, at);
  thumpGain.gain.exponentialRampToValueAtTime(0.001, at + 0.12);
  thump.connect(thumpGain).connect(ac.destination);
  thump.start(at);
  thump.stop(at + 0.13);

  const len = Math.floor(ac.sampleRate * 0.05);
  const buf = ac.createBuffer(1, len, ac.sampleRate);
  const data = buf.getChannelData(0);
  for (let i = 0; i < len; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / len) ** 3;
  const noise = ac.createBufferSource();
  const filter = ac.createBiquadFilter();
  const noiseGain = ac.createGain();
  noise.buffer = buf;
  filter.type = 'lowpass';
  filter.frequency.value = 900;
  noiseGain.gain.value = 0.6;
  noise.connect(filter).connect(noiseGain).connect(ac.destination);
  noise.start(at);
}

// Creating the audio context is the slow part; doing it on the first touch
// keeps it out of the first knock's way (and browsers want a gesture anyway).
export function warmUp() {
  const ac = audio();
  if (!ac) return;
  wake(ac);
  sleepAfter(ac, 0);
}

export function knockFeedback() {
  if (settings.vibrate) {
    try { navigator.vibrate?.([35, 60, 35]); } catch { /* not every phone vibrates */ }
  }
  if (!settings.sound) return;
  const ac = audio();
  if (!ac) return;
  wake(ac);
  const now = ac.currentTime + 0.01;
  rap(ac, now);
  rap(ac, now + 0.16);
  sleepAfter(ac, 0.3); // the second rap's end
}

// A refused tap is told in words; the phone buzzes too only when asked to.
export function errorBuzz() {
  if (!settings.vibrateOnRefusal) return;
  try { navigator.vibrate?.(120); } catch { /* optional */ }
}

// A guest at a table of phones is due (its turn, or a knock to answer):
// a longer buzz than a knock's, where vibration is allowed at all.
export const DUE_BUZZ = [90, 70, 90, 70, 90];
export function dueBuzz() {
  if (!settings.vibrate) return;
  try { navigator.vibrate?.(DUE_BUZZ); } catch { /* not every phone vibrates */ }
}
