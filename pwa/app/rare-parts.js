// The rarely used parts of the shell, one chunk loaded when one of them is
// first needed (context/rare.js; app.js hands its loading over).
export * as review from '../learn/review.js';
export * as duel from '../learn/duel.js';
export * as moveFile from '../evening/move-file.js';
export * as organiser from '../club/organiser.js';
