// Ra's scores broken down: the start, the epochs' four areas, Suns and Ankh pairs.
import { row } from '../../breakdown.js';

export default function breakdown(of, n) {
  const start = row('start', n);
  const started = of('GameStarted')[0];
  if (started && started.scores) started.scores.slice(0, n).forEach((v, s) => start.add(s, v));
  const areas = ['pharaoh', 'nile', 'civilization', 'monuments'].map((area) => {
    const r = row(area, n);
    for (const p of of('EpochScored')) (p[area] || []).forEach((v, s) => r.add(s, v));
    return r;
  });
  const dice = row('dice', n);
  for (const p of [...of('SunsScored'), ...of('AnkhPairScored')]) dice.add(p.seat, p.points);
  return [start, ...areas, dice];
}
