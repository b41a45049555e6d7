// Each player's score broken down, from the game's own scoring events in the log (pure).
const W = {
  en: { pharaoh: 'Pharaoh', nile: 'Nile', civilization: 'Civilization', monuments: 'Monuments', start: 'At the start', dice: 'Suns and Ankhs',
    sold: 'Stones sold at the end', tombs: 'Tombs', sphinx: 'Sphinx cards', play: 'During the game', round: (n) => `Round ${n}`, other: 'Other' },
  de: { pharaoh: 'Pharao', nile: 'Nil', civilization: 'Zivilisation', monuments: 'Monumente', start: 'Zu Beginn', dice: 'Sonnen und Anch',
    sold: 'Am Ende verkaufte Steine', tombs: 'Gräber', sphinx: 'Sphinxkarten', play: 'Im Spiel', round: (n) => `Runde ${n}`, other: 'Sonstiges' },
};

const zeros = (n) => Array.from({ length: n }, () => 0);
const addAt = (row, seat, v) => { if (seat >= 0 && seat < row.length) row[seat] += v; };

/** `[{label, values}]` rows (values by seat) that add up to the final scores; [] if none. */
export function scoreBreakdown(game, entries, scores, l) {
  const w = W[l] || W.en;
  const n = scores.length;
  const of = (name) => entries.filter((e) => e.name === name).map((e) => e.payload || {});
  const rows = [];
  if (game === 'ra') {
    const start = of('GameStarted')[0];
    if (start && start.scores) rows.push({ label: w.start, values: start.scores.slice(0, n) });
    for (const area of ['pharaoh', 'nile', 'civilization', 'monuments']) {
      const row = zeros(n);
      for (const p of of('EpochScored')) (p[area] || []).forEach((v, s) => addAt(row, s, v));
      rows.push({ label: w[area], values: row });
    }
    const dice = zeros(n);
    for (const p of [...of('SunsScored'), ...of('AnkhPairScored')]) addAt(dice, p.seat, p.points || 0);
    rows.push({ label: w.dice, values: dice });
  } else if (game === 'egizia') {
    const sold = zeros(n); const tombs = zeros(n); const sphinx = zeros(n);
    for (const p of of('StonesSold')) addAt(sold, p.seat, p.points || 0);
    for (const p of of('TombsScored')) addAt(tombs, p.seat, p.points || 0);
    for (const p of of('SphinxCardScored')) addAt(sphinx, p.seat, p.points || 0);
    rows.push({ label: w.tombs, values: tombs }, { label: w.sphinx, values: sphinx }, { label: w.sold, values: sold });
  } else if (game === 'sobek') {
    for (const p of of('RoundScored')) rows.push({ label: w.round(p.round), values: (p.points || []).slice(0, n) });
  } else {
    return [];
  }
  if (!rows.length) return [];
  const counted = zeros(n);
  for (const r of rows) r.values.forEach((v, s) => addAt(counted, s, v));
  const other = scores.map((v, s) => v - counted[s]);
  if (other.some((v) => v !== 0)) rows.push({ label: game === 'egizia' ? w.play : w.other, values: other });
  return rows;
}
