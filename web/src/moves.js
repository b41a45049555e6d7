// Your legal moves as controls. A move with choices is built one field at a time from the
// legal_moves list, so only legal combinations can be sent; the final control carries the
// move's JSON exactly as legal_moves lists it in `data-move`.
import { h } from 'preact';
import { useState } from 'preact/hooks';
import htm from 'htm';
import { lang, t } from './i18n.js';
import { fieldWord, moveWord } from './words.js';

const html = htm.bind(h);

/** A move type in words (`AdvancePharaoh` → `Advance the Pharaoh`), in the page's language. */
export function moveName(type, game) {
  const own = game && moveWord(game, lang(), type);
  if (own) return own;
  const parts = String(type).match(/[A-Z][a-z]*/g) || [String(type)];
  return parts.map((w, i) => (i ? w.toLowerCase() : w)).join(' ');
}

/** A move's field in words (the game's catalogue, else the field's name). */
export function fieldName(field, game) {
  return fieldWord(game, lang(), field) || String(field).replaceAll('_', ' ');
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** A readable value of one field (`label(field, value)` of the board may say it better). */
function valueText(field, value, label) {
  const own = label ? label(field, value) : null;
  if (own !== null && own !== undefined) return own;
  if (value === null) return t('none');
  if (Array.isArray(value)) return value.length ? value.map((v) => valueText(field, v, label)).join(' + ') : t('none');
  if (typeof value === 'boolean') return value ? t('yes') : t('no');
  if (typeof value === 'object') return Object.values(value).map((v) => valueText(field, v, label)).join(' ');
  return String(value).replaceAll('_', ' ');
}

/** A whole move in words: `Place monument: die 2, column 3`. */
export function moveText(move, label, game) {
  const fields = Object.keys(move).filter((k) => k !== 'type');
  // A flag that is off goes unsaid; one that is on is just its name ("doubled", not "doubled yes").
  const said = fields.filter((f) => move[f] !== false);
  const rest = said.map((f) => (move[f] === true ? fieldName(f, game) : `${fieldName(f, game)} ${valueText(f, move[f], label)}`)).join(', ');
  return rest ? `${moveName(move.type, game)}: ${rest}` : moveName(move.type, game);
}

function MoveButton({ move, onPlay, busy, label, text, game }) {
  return html`<button type="button" class="move" data-move=${JSON.stringify(move)} disabled=${busy}
    onClick=${() => onPlay(move)}>${text || moveText(move, label, game)}</button>`;
}

// A field whose legal values are many sets of the same few things (Ra's dice to re-roll, cards
// to keep) is chosen thing by thing, toggled, then confirmed: not one button per set.
const MANY_SETS = 6;

/** The field of a kind of move whose values are sets chosen by toggling, or null. */
function setField(moves) {
  const fields = Object.keys(moves[0]).filter((k) => k !== 'type');
  if (fields.length !== 1) return null;
  const [field] = fields;
  return moves.length > MANY_SETS && moves.every((m) => Array.isArray(m[field])) ? field : null;
}

/** A kind of move made by toggling the things of its one set-valued field, then confirming. */
function SetBuilder({ type, moves, field, onPlay, busy, label, game }) {
  const [on, setOn] = useState([]);
  const things = [];
  for (const m of moves) for (const v of m[field]) if (!things.some((x) => same(x, v))) things.push(v);
  const key = (xs) => JSON.stringify([...xs].map((x) => JSON.stringify(x)).sort());
  const move = moves.find((m) => key(m[field]) === key(on));
  const flip = (v) => setOn(on.some((x) => same(x, v)) ? on.filter((x) => !same(x, v)) : [...on, v]);
  return html`<fieldset class="builder set-builder" data-set-field=${field}>
    <legend>${moveName(type, game)}</legend>
    <span class="step">${t('choose')}: ${fieldName(field, game)}</span>
    ${things.map((v) => html`<button type="button" class="choice toggle" aria-pressed=${on.some((x) => same(x, v)) ? 'true' : 'false'}
        disabled=${busy} onClick=${() => flip(v)}>${valueText(field, v, label)}</button>`)}
    <button type="button" class="move" data-move=${move ? JSON.stringify(move) : undefined} disabled=${busy || !move}
      onClick=${() => { if (move) { setOn([]); onPlay(move); } }}>${moveName(type, game)}${on.length ? `: ${on.map((v) => valueText(field, v, label)).join(' + ')}` : ''}</button>
  </fieldset>`;
}

/** One kind of move (all legal moves of one `type`), chosen field by field. */
function MoveBuilder({ type, moves, onPlay, busy, label, game }) {
  const field = setField(moves);
  if (field) return html`<${SetBuilder} type=${type} moves=${moves} field=${field} onPlay=${onPlay} busy=${busy} label=${label} game=${game} />`;
  return html`<${FieldBuilder} type=${type} moves=${moves} onPlay=${onPlay} busy=${busy} label=${label} game=${game} />`;
}

function FieldBuilder({ type, moves, onPlay, busy, label, game }) {
  const [picked, setPicked] = useState([]);
  let candidates = moves;
  for (const [field, value] of picked) candidates = candidates.filter((m) => same(m[field], value));
  if (!candidates.length) { candidates = moves; }
  const fields = Object.keys(moves[0]).filter((k) => k !== 'type');
  const open = fields.find((f) => !picked.some(([p]) => p === f) && new Set(candidates.map((m) => JSON.stringify(m[f]))).size > 1);
  const name = moveName(type, game);
  if (candidates.length === 1 || open === undefined) {
    const move = candidates[0];
    return html`<div class="builder" role="group" aria-label=${name}>
      <${MoveButton} move=${move} onPlay=${(m) => { setPicked([]); onPlay(m); }} busy=${busy} label=${label} game=${game} />
      ${picked.length ? html`<button type="button" class="secondary" onClick=${() => setPicked([])}>${t('back')}</button>` : null}
    </div>`;
  }
  // Values said in the same words (two cards alike) are one choice: the player cannot tell them apart.
  const values = [];
  const said = new Set();
  for (const m of candidates) {
    const words = valueText(open, m[open], label);
    if (!values.some((v) => same(v, m[open])) && !said.has(words)) { values.push(m[open]); said.add(words); }
  }
  return html`<fieldset class="builder">
    <legend>${name}${picked.length ? `: ${picked.map(([f, v]) => `${fieldName(f, game)} ${valueText(f, v, label)}`).join(', ')}` : ''}</legend>
    <span class="step">${t('choose')}: ${fieldName(open, game)}</span>
    ${values.map((v) => html`<button type="button" class="choice" disabled=${busy}
        onClick=${() => setPicked([...picked, [open, v]])}>${valueText(open, v, label)}</button>`)}
    ${picked.length ? html`<button type="button" class="secondary" onClick=${() => setPicked([])}>${t('back')}</button>` : null}
  </fieldset>`;
}

/** The panel of the seat's legal moves; `allMoves` also lists each legal move as a control. */
export function Moves({ moves, onPlay, busy, allMoves, label, game }) {
  if (!moves || !moves.length) return html`<p class="muted">${t('noMoves')}</p>`;
  const groups = new Map();
  for (const m of moves) {
    const key = m && typeof m === 'object' && m.type !== undefined ? m.type : JSON.stringify(m);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(m);
  }
  return html`<div class="moves">
    ${[...groups.entries()].map(([type, group]) => (typeof group[0] === 'object' && group[0] !== null
      ? html`<${MoveBuilder} key=${type + JSON.stringify(group)} type=${type} moves=${group} onPlay=${onPlay} busy=${busy} label=${label} game=${game} />`
      : html`<${MoveButton} move=${group[0]} onPlay=${onPlay} busy=${busy} text=${String(group[0])} />`))}
    ${allMoves ? html`<details open class="all-moves"><summary>${t('allMoves')} (${moves.length})</summary>
      <ul class="plain">${moves.map((m) => html`<li><${MoveButton} move=${m} onPlay=${onPlay} busy=${busy} label=${label} game=${game} /></li>`)}</ul>
    </details>` : null}
  </div>`;
}
