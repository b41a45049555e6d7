// Tic-tac-toe in the web client: its board (and the moves panel's words for its values), the log's
// sentences and one catalogue of words per language. Registered in ../index.js.
import { TicTacToeBoard as Board, tictactoeLabel as label } from './board.js';
import log from './log.js';
import en from './en.js';
import de from './de.js';

export default { Board, label, log, words: { en, de } };
