// Ra: The Dice Game: dice with face symbols (and a colour letter), the Sun track, the four areas.
import { useState } from 'preact/hooks';
import { html, Seat, SeatName, useParts, Part, Choices } from '../../boards/common.js';
import { lang } from '../../i18n.js';
import { gameWords } from '../../words.js';

const FACES = { sun: '☀', ankh: '☥', pharaoh: '♔', nile: '≈', civilization: '⚱', monument: '▲' };
const words = () => gameWords('ra', lang()).board;
const w = (k, ...a) => { const v = words()[k]; return typeof v === 'function' ? v(...a) : v; };
const faceName = (f) => words().faces[f] || f;
const colourName = (c) => words().colours[c] || c;
// The colour's initial in the page's language (gelb and grün both start with G: Ge, Gr).
const letter = (c) => (words().letters || {})[c] || c[0].toUpperCase();

function Die({ die }) {
  const label = `${colourName(die.colour)}: ${die.face ? faceName(die.face) : w('unrolled')}${die.state === 'used' ? `, ${w('used')}` : ''}`;
  return html`<li class=${`die die-${die.colour} die-${die.state}`} aria-label=${label} title=${label}>
    <span class="face" aria-hidden="true">${die.face ? FACES[die.face] || '?' : '·'}</span>
    <span class="letter" aria-hidden="true">${letter(die.colour)}</span>
  </li>`;
}

function SunTrack({ track, epoch, epochs }) {
  const spaces = [];
  for (let s = 1; s <= track.last_space; s++) spaces.push(s);
  return html`<section aria-labelledby="ra-sun"><h3 id="ra-sun">${w('sun')} · ${w('epoch')} ${epoch}/${epochs}</h3>
    <ol class="track">${spaces.map((s) => {
      const ra = s === track.ra;
      const sun = track.sun_spaces.includes(s);
      return html`<li class=${`space${ra ? ' ra' : ''}${sun ? ' sun' : ''}${s > track.last_space - 0 ? '' : ''}`}
        aria-label=${`${s}${ra ? ` ${w('ra')}` : ''}${sun ? ' ☀' : ''}`}>
        <span class="n">${s}</span>${ra ? html`<strong aria-hidden="true">Ra</strong>` : ''}${sun ? html`<span aria-hidden="true">☀</span>` : ''}
      </li>`;
    })}</ol>
    <p class="muted">${w('locked')}: ${track.suns.length}</p>
  </section>`;
}

/** Re-rolling: the free dice are buttons; a die clicked is kept, the others roll again. */
function Reroll({ g, moves, play, busy, version }) {
  const rerolls = moves.filter((m) => m.type === 'RerollDice');
  const stop = moves.find((m) => m.type === 'StopRolling');
  const free = new Set(rerolls.flatMap((m) => m.dice));
  const [state, setState] = useState({ v: version, kept: [] });
  const kept = state.v === version ? state.kept : [];
  const chosen = [...free].filter((i) => !kept.includes(i)).sort((a, b) => a - b);
  const move = rerolls.find((m) => [...m.dice].sort((a, b) => a - b).join() === chosen.join());
  const toggle = (i) => setState({ v: version, kept: kept.includes(i) ? kept.filter((k) => k !== i) : [...kept, i] });
  return html`<div class="ra-reroll">
    <p class="muted">${w('clickToKeep')}</p>
    <ul class="dice">${g.dice.map((d) => (free.has(d.die)
      ? html`<li><button type="button" class=${`die die-${d.colour} die-${d.state} die-button${kept.includes(d.die) ? ' die-kept' : ' die-again'}`}
          aria-pressed=${kept.includes(d.die) ? 'true' : 'false'} data-die=${d.die} disabled=${busy} onClick=${() => toggle(d.die)}>
          <span class="face" aria-hidden="true">${d.face ? FACES[d.face] || '?' : '·'}</span>
          <span class="letter" aria-hidden="true">${letter(d.colour)}</span>
          <span class="sr">${colourName(d.colour)}: ${d.face ? faceName(d.face) : w('unrolled')}, </span>
          <span class="die-mark">${kept.includes(d.die) ? w('keep') : w('reroll')}</span></button></li>`
      : html`<${Die} die=${d} />`))}</ul>
    <p class="row">
      ${move ? html`<button type="button" data-move=${JSON.stringify(move)} disabled=${busy} onClick=${() => play(move)}>${w('rerollN', chosen.length)}</button>`
        : html`<span class="muted">${w('notLegal')}</span>`}
      ${stop ? html`<button type="button" class="secondary" data-move=${JSON.stringify(stop)} disabled=${busy} onClick=${() => play(stop)}>${w('stopRolling')}</button>` : ''}
    </p></div>`;
}

/** Where on the board each Ra move is made (null: the action row beside the dice). */
function raPart(g) {
  return (m) => {
    switch (m.type) {
      case 'RerollDice': case 'StopRolling': return false; // the dice themselves (Reroll)
      case 'AdvancePharaoh': return 'pharaoh';
      case 'AdvanceNile': return 'nile';
      case 'FloodNile': return 'floods';
      case 'PlaceCivilization': return `civ:${m.colours[0]}`;
      case 'PlaceMonument': return `mon:${g.dice[m.die] ? g.dice[m.die].colour : ''}:${m.column}`;
      case 'RetrieveMarker': return m.column === null || m.column === undefined ? `civ:${m.colour}` : `mon:${m.colour}:${m.column}`;
      default: return null;
    }
  };
}

export function RaBoard({ view, names, play, busy }) {
  const g = view.game;
  const moves = view.your_turn && play ? view.legal_moves || [] : [];
  const acting = view.table.status === 'over' ? null : g.current; // nobody acts after the end
  const rerolling = moves.some((m) => m.type === 'RerollDice');
  const parts = useParts({ view, play, busy, label: raLabel, game: 'ra', partOf: raPart(g) });
  const mine = (seat, at, name, value) => (seat === view.seat ? html`<${Part} parts=${parts} at=${at} name=${name}>${value}<//>` : value);
  return html`<div class="board ra" data-board="ra">
    <section aria-labelledby="ra-dice"><h3 id="ra-dice">${w('dice')}${g.rerolls_left ? ` · ${g.rerolls_left} ${w('rerolls')}` : ''}${g.disaster ? ` · ${w('disaster')}: ${faceName(g.disaster)}` : ''}</h3>
      ${rerolling ? html`<${Reroll} g=${g} moves=${moves} play=${play} busy=${busy} version=${view.table.version} />`
        : html`<ul class="dice">${g.dice.map((d) => html`<${Die} die=${d} />`)}</ul>`}
      <${Choices} parts=${parts} /></section>
    <${SunTrack} track=${g.sun_track} epoch=${g.epoch} epochs=${g.epochs} />
    <section aria-labelledby="ra-players"><h3 id="ra-players">${w('players')}</h3><div class="scroll" tabindex="0"><table class="data by-player">
      <thead><tr><th scope="col">${w('players')}</th><th scope="col">${w('score')}</th><th scope="col">♔ ${w('pharaoh')}</th><th scope="col">≈ ${w('nile')}</th><th scope="col">${w('floods')}</th><th scope="col">⚱ ${w('civ')}</th><th scope="col">▲ ${w('mon')}</th></tr></thead>
      <tbody>${g.players.map((p) => html`<tr class=${acting === p.seat ? 'current' : ''}>
        <th scope="row"><${SeatName} seat=${p.seat} names=${names} me=${view.seat} />${acting === p.seat ? ' ◀' : ''}</th>
        <td data-label=${w('score')} data-board-score=${p.seat}>${p.score}</td><td data-label=${`♔ ${w('pharaoh')}`}>${mine(p.seat, 'pharaoh', w('pharaoh'), p.pharaoh)}</td><td data-label=${`≈ ${w('nile')}`}>${mine(p.seat, 'nile', w('nile'), p.nile)}</td><td data-label=${w('floods')}>${mine(p.seat, 'floods', w('floods'), p.floods)}</td>
        <td data-label=${`⚱ ${w('civ')}`}>${p.civilization.map((c) => html`<span class=${`chip chip-${c}`}>${letter(c)}</span>`)}</td><td data-label=${`▲ ${w('mon')}`}>${p.monuments}</td></tr>`)}</tbody>
    </table></div></section>
    <section aria-labelledby="ra-civ"><h3 id="ra-civ">⚱ ${w('civ')}</h3>
      <ul class="civ">${g.civilization.map((c) => html`<li><${Part} parts=${parts} at=${`civ:${c.colour}`} name=${`${w('civ')} ${colourName(c.colour)}`}><span class=${`chip chip-${c.colour}`}>${letter(c.colour)}</span> ${colourName(c.colour)}<//>: ${c.seats.length ? c.seats.map((s) => html`<${Seat} seat=${s} names=${names} />`) : '—'} <span class="muted">(${c.seats.length}/${c.capacity})</span></li>`)}</ul></section>
    <section aria-labelledby="ra-mon"><h3 id="ra-mon">▲ ${w('mon')}</h3><div class="scroll" tabindex="0"><table class="grid">
      <thead><tr><td></td>${g.monuments[0].columns.map((_, k) => html`<th scope="col">${k + 1}</th>`)}</tr></thead>
      <tbody>${g.monuments.map((row) => html`<tr><th scope="row"><span class=${`chip chip-${row.colour}`}>${letter(row.colour)}</span> ${colourName(row.colour)}</th>
        ${row.columns.map((s, k) => html`<td><${Part} parts=${parts} at=${`mon:${row.colour}:${k}`} name=${`${w('mon')} ${colourName(row.colour)}, ${w('column')} ${k + 1}`}>${s === null ? '' : html`<${Seat} seat=${s} names=${names} />`}<//></td>`)}</tr>`)}</tbody>
    </table></div></section>
  </div>`;
}

/** Move fields in words: dice by colour and face, colours translated. */
export function raLabel(view) {
  const dice = view.game ? view.game.dice : [];
  return (field, value) => {
    if ((field === 'dice' || field === 'die' || field === 'extra_die') && typeof value === 'number') {
      const d = dice[value];
      return d ? `${letter(d.colour)} ${d.face ? FACES[d.face] : ''} ${colourName(d.colour)}` : null;
    }
    if ((field === 'colours' || field === 'colour') && typeof value === 'string') return `${letter(value)} ${colourName(value)}`;
    if (field === 'column' && typeof value === 'number') return `${w('column')} ${value + 1}`;
    return null;
  };
}
