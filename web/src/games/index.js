// The games of the web client, one line each. A game's folder holds everything the client says
// and draws of it (docs/client.md): board.js, log.js, en.js and de.js (its catalogues: moves,
// fields, prompts, options, the rules in short), index.js. A game without a line here is shown
// with the generic board (a fallback for a game under development).
export { default as ra } from './ra/index.js';
export { default as egizia } from './egizia/index.js';
export { default as sobek } from './sobek/index.js';
export { default as cantstop } from './cantstop/index.js';
export { default as herazeus } from './herazeus/index.js';
export { default as tictactoe } from './tictactoe/index.js';
export { default as istanbul } from './istanbul/index.js';
