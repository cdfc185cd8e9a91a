// The rarely used parts of the shell (the game review, the deal sets'
// work, the move file, the organiser's tournament) come in one chunk that
// the first screen does not wait for: loaded when one of them is first
// needed (a tap, a field, a screen of theirs), and precached for offline
// use like every file. One chunk for all, not one each: what each shares
// with the first screen would otherwise be cut into more chunks, each
// compressed on its own — more requests and more bytes for the first
// screen than the parts saved it. The app hands over the chunk's loading
// (app/rare-parts.js): the parts that ask for it sit below the app and
// never import upwards, not even when they load.
import { ctx, lazyPart } from './context.js';

const parts = lazyPart(() => ctx.app.rareParts());

export const review = () => parts().then((p) => p.review);
export const duel = () => parts().then((p) => p.duel);
export const moveFile = () => parts().then((p) => p.moveFile);
export const organiser = () => parts().then((p) => p.organiser);
