// Egizia's scores broken down: building on each site during the game, cards and sales, the
// river's bottom fields, the participation bonus, feeding penalties, and the final scoring.
import { row } from '../../breakdown.js';

export default function breakdown(of, n) {
  const r = Object.fromEntries(['obelisk', 'pyramid', 'temple', 'tombsBuilt', 'sphinxKept', 'cards', 'bottom', 'participation', 'feeding', 'sold', 'tombs', 'sphinx']
    .map((k) => [k, row(k, n)]));
  for (const p of of('ObeliskBuilt')) r.obelisk.add(p.seat, p.value);
  for (const p of [...of('PyramidBuilt').map((q) => ({ seat: q.seat, points: q.value })), ...of('PyramidRowScored')]) r.pyramid.add(p.seat, p.points);
  for (const p of of('TempleBuilt')) r.temple.add(p.seat, p.value);
  for (const p of of('TombTaken')) r.tombsBuilt.add(p.seat, p.value);
  for (const p of of('SphinxCardsKept')) r.sphinxKept.add(p.seat, p.points);
  for (const p of of('PointsScored')) r.cards.add(p.seat, p.points);
  for (const p of of('BottomFieldReached')) r.bottom.add(p.seat, p.points);
  for (const p of of('ParticipationBonus')) r.participation.add(p.seat, p.points);
  for (const p of of('FeedingPenalty')) r.feeding.add(p.seat, -p.points);
  for (const p of of('StonesSold')) r.sold.add(p.seat, p.points);
  for (const p of of('TombsScored')) r.tombs.add(p.seat, p.points);
  for (const p of of('SphinxCardScored')) r.sphinx.add(p.seat, p.points);
  return Object.values(r);
}
