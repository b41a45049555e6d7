// Which board draws which game. A board joins with one line here:
//   game: [Board, label]            (or { Board, label } )
// `Board({view, names, play, busy})` draws `view.game` under a root with data-board="<game>",
// calls `play(move)` for a move clicked on the board (each such control carries data-move);
// `label(view)` returns `(field, value) => text | null`, words for the moves panel.
// A game without an entry gets the generic board (a fallback for a game under development).
import { RaBoard, raLabel } from './ra.js';
import { EgiziaBoard, egiziaLabel } from './egizia.js';
import { SobekBoard, sobekLabel } from './sobek.js';
import { CantStopBoard, cantstopLabel } from './cantstop.js';
import { HeraZeusBoard, herazeusLabel } from './herazeus.js';
import { TicTacToeBoard, tictactoeLabel } from './tictactoe.js';
import { IstanbulBoard, istanbulLabel } from './istanbul.js';
import { GenericBoard, genericLabel } from './generic.js';

const BOARDS = {
  ra: [RaBoard, raLabel],
  egizia: [EgiziaBoard, egiziaLabel],
  sobek: [SobekBoard, sobekLabel],
  cantstop: [CantStopBoard, cantstopLabel],
  herazeus: [HeraZeusBoard, herazeusLabel],
  tictactoe: [TicTacToeBoard, tictactoeLabel],
  istanbul: [IstanbulBoard, istanbulLabel],
};

/** `[Board, label]` of a game (the generic board for a game without one). */
export function boardFor(game) {
  const entry = BOARDS[game];
  if (!entry) return [GenericBoard, genericLabel];
  return Array.isArray(entry) ? entry : [entry.Board, entry.label || genericLabel];
}

/** Whether a game has a board of its own. */
export const hasBoard = (game) => Object.prototype.hasOwnProperty.call(BOARDS, game);
