// Tic-tac-toe: the 3 x 3 grid; a free cell is a button while it is my turn.
import { html, Seat } from '../../boards/common.js';
import { lang } from '../../i18n.js';
import { gameWords } from '../../words.js';

const MARK = ['✕', '◯'];
const words = () => gameWords('tictactoe', lang()).board;

export function TicTacToeBoard({ view, names, play, busy }) {
  const g = view.game;
  const moves = view.your_turn && play ? view.legal_moves || [] : [];
  const free = words().free;
  return html`<div class="board tictactoe" data-board="tictactoe">
    <div class="ttt" role="group" aria-label=${words().board}>${[0, 1, 2].map((r) => html`<div class="ttt-row">${[0, 1, 2].map((c) => {
      const i = r * 3 + c;
      const seat = g.cells[i];
      const move = moves.find((m) => m.cell === i);
      const label = `${words().cells[i]}: ${seat >= 0 ? names[seat] || seat + 1 : free}`;
      if (move) return html`<button type="button" class="ttt-cell" data-move=${JSON.stringify(move)} disabled=${busy} aria-label=${label} onClick=${() => play(move)}></button>`;
      return html`<span role="img" class="ttt-cell" aria-label=${label}>${seat >= 0 ? html`<span aria-hidden="true">${MARK[seat] || seat + 1}</span>` : ''}</span>`;
    })}</div>`)}</div>
    <p>${g.cells.length ? [0, 1].map((s) => html`<span class="ttt-who"><${Seat} seat=${s} names=${names} /> ${MARK[s]} ${names[s] || ''} </span>`) : ''}</p>
  </div>`;
}

export function tictactoeLabel() {
  return (field, value) => (field === 'cell' && typeof value === 'number' ? words().cells[value] || null : null);
}
