// Tic-tac-toe: the 3 x 3 grid; a free cell is a button while it is my turn.
import { html, Seat } from '../../boards/common.js';
import { lang } from '../../i18n.js';

const MARK = ['✕', '◯'];
const CELL = {
  en: ['top left', 'top middle', 'top right', 'middle left', 'centre', 'middle right', 'bottom left', 'bottom middle', 'bottom right'],
  de: ['oben links', 'oben Mitte', 'oben rechts', 'Mitte links', 'Mitte', 'Mitte rechts', 'unten links', 'unten Mitte', 'unten rechts'],
};

export function TicTacToeBoard({ view, names, play, busy }) {
  const g = view.game;
  const moves = view.your_turn && play ? view.legal_moves || [] : [];
  const free = lang() === 'de' ? 'frei' : 'free';
  return html`<div class="board tictactoe" data-board="tictactoe">
    <div class="ttt" role="group" aria-label=${lang() === 'de' ? 'Spielfeld' : 'Board'}>${[0, 1, 2].map((r) => html`<div class="ttt-row">${[0, 1, 2].map((c) => {
      const i = r * 3 + c;
      const seat = g.cells[i];
      const move = moves.find((m) => m.cell === i);
      const label = `${CELL[lang()][i]}: ${seat >= 0 ? names[seat] || seat + 1 : free}`;
      if (move) return html`<button type="button" class="ttt-cell" data-move=${JSON.stringify(move)} disabled=${busy} aria-label=${label} onClick=${() => play(move)}></button>`;
      return html`<span role="img" class="ttt-cell" aria-label=${label}>${seat >= 0 ? html`<span aria-hidden="true">${MARK[seat] || seat + 1}</span>` : ''}</span>`;
    })}</div>`)}</div>
    <p>${g.cells.length ? [0, 1].map((s) => html`<span class="ttt-who"><${Seat} seat=${s} names=${names} /> ${MARK[s]} ${names[s] || ''} </span>`) : ''}</p>
  </div>`;
}

export function tictactoeLabel() {
  return (field, value) => (field === 'cell' && typeof value === 'number' ? CELL[lang()][value] || null : null);
}
