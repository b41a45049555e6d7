// Sobek's scores broken down: each round's sets, the Kollegium and Villainy chips (a Kollegium
// may also move its target back), and the bribery penalties.
import { row } from '../../breakdown.js';

export default function breakdown(of, n) {
  const rounds = of('RoundScored').map((p) => {
    const r = row(`round:${p.round}`, n);
    (p.points || []).forEach((v, s) => r.add(s, v));
    return r;
  });
  const kollegium = row('kollegium', n);
  for (const p of of('KollegiumMoved')) {
    kollegium.add(p.seat, p.score_to - p.score_from);
    if (p.target !== null && p.target !== undefined) kollegium.add(p.target, (p.target_to || 0) - (p.target_from || 0));
  }
  const villainy = row('villainy', n);
  for (const p of of('VillainyScored')) villainy.add(p.seat, p.score_to - p.score_from);
  const bribery = row('bribery', n);
  for (const p of of('BriberyPenalty')) bribery.add(p.seat, p.score_to - p.score_from);
  return [...rounds, kollegium, villainy, bribery];
}
