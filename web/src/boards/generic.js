// Any game's view drawn from its data: players first (when the view has them), then the rest.
import { html, Value, SeatName } from './common.js';
import { t } from '../i18n.js';

export function GenericBoard({ view, names }) {
  const game = view.game;
  if (!game || typeof game !== 'object') return html`<${Value} value=${game} />`;
  const players = Array.isArray(game.players) ? game.players : null;
  const rest = Object.fromEntries(Object.entries(game).filter(([k]) => k !== 'players'));
  return html`<div class="generic-board" data-board="generic">
    ${players ? html`<section aria-labelledby="gp-h"><h3 id="gp-h">${t('players')}</h3>
      ${players.map((p, i) => html`<div class="card-box"><h4><${SeatName} seat=${p && p.seat !== undefined ? p.seat : i} names=${names} me=${view.seat} /></h4><${Value} value=${p} depth=${1} /></div>`)}
    </section>` : null}
    <section aria-label="board"><${Value} value=${rest} /></section>
  </div>`;
}

export const genericLabel = () => null;
