// Which board draws which game: each game's own (its folder in web/src/games/, registered in
// web/src/games/index.js). `Board({view, names, play, busy})` draws `view.game` under a root with
// data-board="<game>", calls `play(move)` for a move clicked on the board (each such control
// carries data-move); `label(view)` returns `(field, value) => text | null`, words for the moves
// panel. A game without a folder gets the generic board (a fallback for a game under development).
import * as GAMES from '../games/index.js';
import { GenericBoard, genericLabel } from './generic.js';

const own = (game) => (Object.prototype.hasOwnProperty.call(GAMES, game) ? GAMES[game] : null);

/** `[Board, label]` of a game (the generic board for a game without one). */
export function boardFor(game) {
  const entry = own(game);
  return entry ? [entry.Board, entry.label || genericLabel] : [GenericBoard, genericLabel];
}

/** Whether a game has a board of its own. */
export const hasBoard = (game) => own(game) !== null;
