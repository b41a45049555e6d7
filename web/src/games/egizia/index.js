// Egizia in the web client: its board (and the moves panel's words for its values), the log's
// sentences, the end's score breakdown and one catalogue of words per language. Registered in ../index.js.
import { EgiziaBoard as Board, egiziaLabel as label } from './board.js';
import log from './log.js';
import breakdown from './breakdown.js';
import en from './en.js';
import de from './de.js';

export default { Board, label, log, breakdown, words: { en, de } };
