// Sobek: the quay (market row), my hand and pot, every player's sets, counts and score.
import { html, SeatName, useParts, Part, Choices } from '../../boards/common.js';
import { lang } from '../../i18n.js';
import { gameWords } from '../../words.js';
import { chipName, chipText, characterText, goodsName, sobekCardName, symbolName, amuletText } from './data.js';

const w = (k, ...a) => { const v = gameWords('sobek', lang()).board[k]; return typeof v === 'function' ? v(...a) : v; };

export function cardText(c) {
  return sobekCardName(c, lang());
}

/** A card's effect in words (characters, amulets), for its tooltip. */
export function cardHelp(c) {
  if (!c) return '';
  if (c.character) return characterText(c.character, lang());
  if (!c.goods && c.face === 'amulet') return amuletText(lang());
  return '';
}

function Card({ card, parts, at }) {
  const help = cardHelp(card);
  const face = html`${cardText(card)}${help ? html`<span class="card-help">${help}</span>` : ''}${card.uncertain ? html` <em>(${w('uncertain')})</em>` : ''}`;
  return html`<li class=${`card back-${card.back}${card.uncertain ? ' uncertain' : ''}`} data-card=${card.id ?? ''} title=${help || undefined}>
    ${parts ? html`<${Part} parts=${parts} at=${at} name=${cardText(card)}>${face}<//>` : face}</li>`;
}

/** Where on the board each Sobek move is made (null: the action row). */
function sobekPart(m) {
  switch (m.type) {
    case 'TakeCard': return `quay:${m.position}`;
    case 'LaySet': case 'LaySidewaysSet': return `hand:${m.cards[0]}`;
    case 'ChooseEvent': return `chip:${m.chip}`;
    case 'ChooseStartPlayer': return `seat:${m.seat}`;
    case 'TakeBribe': return `vizier:${m.card}`;
    case 'FinishLaying': return null;
    default: return m.card === undefined ? null : `hand:${m.card}`;
  }
}

export function SobekBoard({ view, names, play, busy }) {
  const g = view.game;
  const me = view.seat;
  const mine = me !== null && me !== undefined ? g.players[me] : null;
  const parts = useParts({ view, play, busy, label: sobekLabel, game: 'sobek', partOf: sobekPart });
  return html`<div class="board sobek" data-board="sobek">
    <p><strong>${w('round')} ${g.round}</strong> · ${w('pile')}: ${g.pile_count}</p>
    <${Choices} parts=${parts} />
    <section aria-labelledby="sb-quay"><h3 id="sb-quay">${w('quay')}</h3>
      <p class="muted small" data-legend="true">${w('legend')}</p>
      <ol class="hand">${g.quays.map((c, i) => html`<${Card} card=${c} parts=${parts} at=${`quay:${i}`} />`)}</ol></section>
    ${mine ? html`<section aria-labelledby="sb-hand"><h3 id="sb-hand">${w('hand')}</h3>
        <ul class="hand">${(mine.hand || []).map((c) => html`<${Card} card=${c} parts=${parts} at=${`hand:${c.id}`} />`)}</ul>
        <h3>${w('pot')}</h3><ul class="hand">${(mine.pot || []).length ? mine.pot.map((c) => html`<${Card} card=${c} />`) : html`<li class="muted">${w('empty')}</li>`}</ul></section>` : null}
    ${g.vizier_pot ? html`<section aria-labelledby="sb-vizier"><h3 id="sb-vizier">${w('vizier')}</h3>
      <ul class="hand">${g.vizier_pot.map((c) => html`<${Card} card=${c} parts=${parts} at=${`vizier:${c.id}`} />`)}</ul></section>` : null}
    <section aria-labelledby="sb-players"><h3 id="sb-players">${w('players')}</h3>
      ${g.players.map((p) => html`<div class="card-box"><h4><${Part} parts=${parts} at=${`seat:${p.seat}`} name=${names[p.seat]}><${SeatName} seat=${p.seat} names=${names} me=${me} /><//></h4>
        <p>${w('score')}: <strong data-board-score=${p.seat}>${p.score}</strong> · ${w('handN')}: ${p.hand_count} · ${w('potN')}: ${p.pot_count} · ${w('curses')}: ${p.curses}</p>
        ${p.seat !== me && p.hand ? html`<div>${w("remembered")}: <ul class="hand">${p.hand.map((c) => html`<${Card} card=${c} />`)}</ul></div>` : ''}
        ${p.sets.length ? html`<p>${w('sets')}:</p><ul class="plain">${p.sets.map((s) => html`<li><ul class="hand small">${s.cards.map((c) => html`<${Card} card=${c} />`)}</ul> ${w('scores', s.score)}</li>`)}</ul>` : ''}
      </div>`)}
    </section>
    ${g.chips && g.chips.length ? html`<section aria-labelledby="sb-chips"><h3 id="sb-chips">${w('chips')}</h3><ul class="plain">${g.chips.map((c) => html`<li><${Part} parts=${parts} at=${`chip:${c.id}`} name=${chipName(c.kind, lang())}><strong>${chipName(c.kind, lang())}${c.symbol ? ` (${symbolName(c.symbol, lang())})` : ''}</strong><//>: ${chipText(c.kind, lang())}</li>`)}</ul></section>` : ''}
  </div>`;
}

/** Every card this view shows, by id (to name the cards a move refers to). */
function knownCards(g) {
  const out = new Map();
  const add = (cards) => { for (const c of cards || []) if (c && c.id !== undefined && c.id !== null) out.set(c.id, c); };
  add(g.quays); add(g.vizier_pot);
  for (const p of g.players) { add(p.hand); add(p.pot); for (const s of p.sets) add(s.cards); }
  return out;
}


export function sobekLabel(view) {
  const quays = view.game ? view.game.quays : [];
  const chips = view.game ? view.game.chips || [] : [];
  const known = view.game ? knownCards(view.game) : new Map();
  return (field, value) => {
    if ((field === 'card' || field === 'cards') && typeof value === 'number' && known.has(value)) {
      return cardText(known.get(value));
    }
    if ((field === 'target' || field === 'victim') && typeof value === 'number') {
      const seat = view.table.seats[value];
      return seat ? seat.name : null;
    }
    if (field === 'onto' && value === null) return w('newSet');
    if (field === 'onto' && typeof value === 'number') return w('set', value + 1);
    if (field === 'goods' && typeof value === 'string') return goodsName(value, lang());
    if (field === 'back' && typeof value === 'string') return (gameWords('sobek', lang()).board.backs || {})[value] || value;
    if (field === 'seat' && typeof value === 'number') { const seat = view.table.seats[value]; return seat ? seat.name : null; }
    if (field === 'position' && typeof value === 'number' && quays[value]) return `${value + 1}: ${cardText(quays[value])}`;
    if (field === 'chip' && typeof value === 'number') {
      const chip = chips.find((c) => c.id === value);
      return chip ? `${chipName(chip.kind, lang())}${chip.symbol ? ` (${symbolName(chip.symbol, lang())})` : ''}` : null;
    }
    return null;
  };
}
