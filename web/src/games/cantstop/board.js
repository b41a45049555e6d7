// Can't Stop: eleven columns 2..12 (3..13 spaces), each player's square, this turn's runners,
// the four dice and their three pairings; a pairing's sums are chosen by clicking them.
import { html, Seat } from '../../boards/common.js';
import { lang } from '../../i18n.js';
import { gameWords } from '../../words.js';

const words = () => gameWords('cantstop', lang()).board;
const w = (k, ...a) => { const v = words()[k]; return typeof v === 'function' ? v(...a) : v; };
const PIPS = ['', '⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];

/** The three ways four dice split into two pairs: indices of the first pair and the second. */
const SPLITS = [[[0, 1], [2, 3]], [[0, 2], [1, 3]], [[0, 3], [1, 2]]];

const sameSums = (a, b) => a.length === b.length && [...a].sort((x, y) => x - y).join() === [...b].sort((x, y) => x - y).join();

/** Which legal Choose moves belong to which pairing (each move shown once, at its first pairing). */
export function pairings(dice, moves) {
  const chooses = moves.filter((m) => m.type === 'Choose');
  const placed = new Set();
  const out = SPLITS.map(([a, b]) => {
    const s1 = dice[a[0]] + dice[a[1]];
    const s2 = dice[b[0]] + dice[b[1]];
    const fits = [];
    chooses.forEach((m, i) => {
      if (placed.has(i)) return;
      const ok = m.sums.length === 2 ? sameSums(m.sums, [s1, s2]) : (m.sums[0] === s1 || m.sums[0] === s2);
      if (ok) { placed.add(i); fits.push(m); }
    });
    return { pairs: [a, b], sums: [s1, s2], moves: fits };
  });
  const rest = chooses.filter((_, i) => !placed.has(i));
  return { splits: out, rest };
}

function Column({ col, names, active }) {
  const spaces = [];
  for (let s = col.top; s >= 1; s--) spaces.push(s);
  const owner = col.owner;
  const label = `${w('column')} ${col.column}${owner !== null && owner !== undefined ? `, ${w('won')} ${names[owner] || owner + 1}` : ''}`;
  return html`<li class=${`cs-col${owner !== null && owner !== undefined ? ` cs-won seat-border-${owner % 6}` : ''}`} data-column=${col.column} aria-label=${label}>
    <span class="cs-head" aria-hidden="true">${owner !== null && owner !== undefined ? html`<${Seat} seat=${owner} names=${names} />` : col.column}</span>
    <ol class="cs-spaces">${spaces.map((s) => {
      const here = col.squares.map((v, seat) => (v === s ? seat : -1)).filter((seat) => seat >= 0);
      const runner = col.runner === s;
      const words = [
        ...here.map((seat) => names[seat] || `${seat + 1}`),
        ...(runner ? [`${w('runner')} (${names[active] || active + 1})`] : []),
      ];
      return html`<li class=${`cs-space${runner ? ' cs-runner' : ''}${s === col.top ? ' cs-top' : ''}`}
        aria-label=${`${w('space')} ${s}${words.length ? `: ${words.join(', ')}` : ''}`}>
        ${here.map((seat) => html`<${Seat} seat=${seat} names=${names} />`)}
        ${runner ? html`<span class="cs-runner-mark" aria-hidden="true">▲</span>` : ''}
      </li>`;
    })}</ol>
    <span class="cs-foot" aria-hidden="true">${col.column}</span>
  </li>`;
}

function DiceAndPairings({ g, moves, play, busy, names }) {
  if (!g.dice.length) return html`<p class="muted">${w('noDice')}</p>`;
  const { splits, rest } = pairings(g.dice, moves);
  const choosing = g.phase === 'choose' && moves.some((m) => m.type === 'Choose');
  const Die = ({ i }) => html`<span class="cs-die" role="img" aria-label=${String(g.dice[i])}><span aria-hidden="true">${PIPS[g.dice[i]] || g.dice[i]}</span><span class="cs-pip" aria-hidden="true">${g.dice[i]}</span></span>`;
  return html`<div>
    <ul class="cs-dice" aria-label=${w('dice')}>${g.dice.map((d, i) => html`<li><${Die} i=${i} /></li>`)}</ul>
    ${choosing ? html`<ul class="cs-pairings" aria-label=${w('pairings')}>${splits.map((p, k) => html`<li><div class="cs-pairing" role="group" aria-label=${`${w('pairing')} ${k + 1}: ${p.sums[0]} / ${p.sums[1]}`}>
      <span class="cs-pair"><${Die} i=${p.pairs[0][0]} /><${Die} i=${p.pairs[0][1]} /> = <strong>${p.sums[0]}</strong></span>
      <span class="cs-pair"><${Die} i=${p.pairs[1][0]} /><${Die} i=${p.pairs[1][1]} /> = <strong>${p.sums[1]}</strong></span>
      <span class="cs-choices">${p.moves.length ? p.moves.map((m) => html`<button type="button" class="choice" data-move=${JSON.stringify(m)} disabled=${busy}
          onClick=${() => play(m)}>${w('move', m.sums)}</button>`) : html`<span class="muted">${w('none')}</span>`}</span>
    </div></li>`)}</ul>
    ${rest.length ? html`<p>${rest.map((m) => html`<button type="button" class="choice" data-move=${JSON.stringify(m)} disabled=${busy} onClick=${() => play(m)}>${w('move', m.sums)}</button> `)}</p>` : ''}` : ''}
  </div>`;
}

export function CantStopBoard({ view, names, play, busy }) {
  const g = view.game;
  const mine = view.your_turn && play ? view.legal_moves || [] : [];
  const roll = mine.find((m) => m.type === 'Roll');
  const stop = mine.find((m) => m.type === 'Stop');
  const runners = g.columns.filter((c) => c.runner !== null && c.runner !== undefined).length;
  return html`<div class="board cantstop" data-board="cantstop">
    <p class="muted">${w('target', g.target)} · ${g.won.map((n, s) => html`<span class="cs-held"><${Seat} seat=${s} names=${names} /> ${n} ${w('held', n)} </span>`)}</p>
    <section aria-labelledby="cs-cols"><h3 id="cs-cols" class="sr">${w('columns')}</h3>
      <div class="scroll cs-scroll"><ol class="cs-board">${g.columns.map((c) => html`<${Column} col=${c} names=${names} active=${g.active} />`)}</ol></div>
    </section>
    <section aria-labelledby="cs-dice"><h3 id="cs-dice">${w('dice')}${g.phase !== 'over' && runners ? html` <span class="muted">· ▲ ${3 - runners} ${w('runners', 3 - runners)}</span>` : ''}</h3>
      <${DiceAndPairings} g=${g} moves=${mine} play=${play || (() => {})} busy=${busy} names=${names} />
      ${roll || stop ? html`<p class="row">
        ${roll ? html`<button type="button" data-move=${JSON.stringify(roll)} disabled=${busy} onClick=${() => play(roll)}>${w('roll')}</button>` : ''}
        ${stop ? html`<button type="button" class="secondary" data-move=${JSON.stringify(stop)} disabled=${busy} onClick=${() => play(stop)}>${w('stop')}</button>` : ''}
      </p>` : ''}
    </section>
  </div>`;
}

export function cantstopLabel() {
  return (field, value) => {
    if (field === 'sums' && Array.isArray(value)) return w('move', value);
    return null;
  };
}
