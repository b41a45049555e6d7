// Istanbul's rubies by where they came from, then the tie-breaks in their order (Lira, goods,
// bonus cards), from the game's end.
import { row } from '../../breakdown.js';

const SOURCES = ['wainwright', 'sultan', 'gemstone', 'small_mosque', 'great_mosque'];

export default function breakdown(of, n) {
  const by = Object.fromEntries(SOURCES.map((k) => [k, row(`ruby_${k}`, n)]));
  const other = row('ruby_other', n);
  for (const p of of('RubyTaken')) (by[p.source] || other).add(p.seat, 1);
  const end = of('GameEnded')[0];
  const ties = ['lira', 'goods', 'cards'].map((k) => {
    const r = row(`tie_${k}`, n, true);
    if (end && end[k]) end[k].slice(0, n).forEach((v, s) => r.add(s, v));
    return r;
  });
  return [...Object.values(by), other, ...(end ? ties : [])];
}
