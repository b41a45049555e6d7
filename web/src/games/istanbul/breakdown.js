// Istanbul's rubies by where they came from (from the log; one row from the final view when
// the page holds only part of a long log), then the tie-breaks in their order: Lira, goods,
// bonus cards (the final view's, as the game ranked them).
import { row } from '../../breakdown.js';

const SOURCES = ['wainwright', 'sultan', 'gemstone', 'small_mosque', 'great_mosque'];

export default function breakdown(of, n, game) {
  const players = (game && game.players) || [];
  const by = Object.fromEntries(SOURCES.map((k) => [k, row(`ruby_${k}`, n)]));
  const other = row('ruby_other', n);
  for (const p of of('RubyTaken')) (by[p.source] || other).add(p.seat, 1);
  const rubies = [...Object.values(by), other];
  const whole = players.length === n && players.every((p, s) => rubies.reduce((sum, r) => sum + r.values[s], 0) === p.rubies);
  const scoring = whole || !players.length ? rubies : [row('rubies', n)];
  if (!whole && players.length) players.forEach((p, s) => scoring[0].add(s, p.rubies));
  if (players.length !== n) return scoring;
  const ties = [
    ['tie_lira', (p) => p.money],
    ['tie_goods', (p) => Object.values(p.goods || {}).reduce((a, b) => a + b, 0)],
    ['tie_cards', (p) => (p.hand ? p.hand.length : p.hand_count)],
  ].map(([key, of1]) => {
    const r = row(key, n, true);
    players.forEach((p, s) => r.add(s, of1(p)));
    return r;
  });
  return [...scoring, ...ties];
}
